import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { TrialConfig, TrialSignupRequest, TrialSignupResponse, TrialVerifyResponse } from '@vigil/shared';
import { trialSignup, verifyTrial } from './trial.service.ts';

const TokenParams = z.object({ token: z.string().min(1).max(200) });

/** The free trial (spec 1 §4, §7): public sign-up, its confirmation link, and the page's settings. */
export async function trialRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  const tags = ['trial'];
  const limited = { rateLimit: { max: ctx.config.authRateLimit, timeWindow: '1 minute' } };

  r.get('/trial/config', { schema: { tags, response: { 200: TrialConfig } } }, async () => ({
    recaptchaSiteKey: ctx.config.recaptchaSecret ? (ctx.config.recaptchaSiteKey ?? null) : null,
  }));

  for (const path of ['/trial', '/auth/manager/trial/new']) {
    r.post(
      path,
      { config: limited, schema: { tags, body: TrialSignupRequest, response: { 200: TrialSignupResponse } } },
      async (request) => trialSignup(ctx, request.body, request.ip),
    );
  }

  r.post(
    '/trial/verify/:token',
    { config: limited, schema: { tags, params: TokenParams, response: { 200: TrialVerifyResponse } } },
    async (request) =>
      verifyTrial(ctx, request.params.token, {
        userAgent: request.headers['user-agent'] ?? null,
        ip: request.ip,
      }),
  );
}
