import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CheckEmailRequest,
  CheckEmailResponse,
  CurrentUser,
  EndImpersonationResponse,
  ImpersonateRequest,
  ImpersonateResponse,
  ImpersonationEventsQuery,
  ImpersonationEventsResponse,
  ManagerSigninRequest,
  ManagerSigninResponse,
  ProfileUpdate,
  TokenExchangeResponse,
} from '@vigil/shared';
import { headerCompanyId, requireSuperAdmin, requireUser, signedIn } from '../../http/guards.ts';
import {
  currentUser,
  emailExists,
  endImpersonation,
  exchangeEmailToken,
  exchangeJwtToken,
  impersonationAudit,
  impersonationLink,
  requestManagerSignin,
  signOut,
  updateProfile,
  type ClientMeta,
} from './auth.service.ts';

const TokenParams = z.object({ token: z.string().min(1).max(2000) });

function clientMeta(request: FastifyRequest): ClientMeta {
  return { userAgent: request.headers['user-agent'] ?? null, ip: request.ip };
}

export interface AuthRoutesOptions {
  /**
   * Where a manager whose email is in a single sign-on domain signs in instead of by mail (the sso
   * module, above this one, answers it); null: by mail.
   */
  ssoRedirect?: (email: string, redirect: string | undefined) => Promise<string | null>;
}

export async function authRoutes(app: FastifyInstance, opts: AuthRoutesOptions): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  const limited = { rateLimit: { max: ctx.config.authRateLimit, timeWindow: '1 minute' } };
  const tags = ['auth'];

  r.post(
    '/auth/email/manager_signin',
    {
      config: limited,
      schema: { tags, body: ManagerSigninRequest, response: { 200: ManagerSigninResponse } },
    },
    async (request) => {
      const sso = await opts.ssoRedirect?.(request.body.email, request.body.redirect);
      return sso ? { redirect: sso } : requestManagerSignin(ctx, request.body);
    },
  );

  r.post(
    '/auth/email/signin/:token',
    { config: limited, schema: { tags, params: TokenParams, response: { 200: TokenExchangeResponse } } },
    async (request) => exchangeEmailToken(ctx, request.params.token, clientMeta(request)),
  );

  r.post(
    '/auth/jwt/signin/:token',
    { config: limited, schema: { tags, params: TokenParams, response: { 200: TokenExchangeResponse } } },
    async (request) => exchangeJwtToken(ctx, request.params.token, clientMeta(request)),
  );

  r.post(
    '/auth/checkEmail',
    { config: limited, schema: { tags, body: CheckEmailRequest, response: { 200: CheckEmailResponse } } },
    async (request) => ({ exists: await emailExists(ctx, request.body.email) }),
  );

  r.get(
    '/auth/user',
    { preHandler: requireUser, schema: { tags, response: { 200: CurrentUser } } },
    async (request) => {
      const auth = signedIn(request);
      return currentUser(ctx, auth.user.id, auth.impersonatorId, headerCompanyId(request));
    },
  );

  r.put(
    '/auth/user',
    { preHandler: requireUser, schema: { tags, body: ProfileUpdate, response: { 200: CurrentUser } } },
    async (request) => updateProfile(ctx, signedIn(request), request.body, headerCompanyId(request)),
  );

  r.post('/auth/signout', { preHandler: requireUser, schema: { tags } }, async (request, reply) => {
    await signOut(ctx, signedIn(request), clientMeta(request));
    return reply.status(204).send();
  });

  r.post(
    '/admin/impersonate',
    {
      preHandler: requireSuperAdmin,
      schema: { tags, body: ImpersonateRequest, response: { 200: ImpersonateResponse } },
    },
    async (request) => impersonationLink(ctx, signedIn(request), request.body.email),
  );

  r.post(
    '/auth/impersonation/end',
    { preHandler: requireSuperAdmin, schema: { tags, response: { 200: EndImpersonationResponse } } },
    async (request) => endImpersonation(ctx, signedIn(request), clientMeta(request)),
  );

  r.get(
    '/admin/impersonations',
    {
      preHandler: requireSuperAdmin,
      schema: { tags, querystring: ImpersonationEventsQuery, response: { 200: ImpersonationEventsResponse } },
    },
    async (request) => impersonationAudit(ctx, request.query),
  );
}
