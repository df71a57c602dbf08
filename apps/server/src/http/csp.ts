import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Config } from '../config.ts';

/**
 * The Content-Security-Policy of every answer, written in one place. Our apps (manager, learner,
 * embed player) share the app policy; a route whose page differs says how with a `CspRule` —
 * `useCsp(reply, rule)` while answering, since most rules are known only then (a nonce made for this
 * answer, the allowed domains of a key) — and this file turns the rule into the header. No route
 * writes the header itself (but the API docs, whose swagger-ui page sends its own).
 */
export interface CspRule {
  /**
   * Who may frame the page: any page (`'*'`), nobody (`'none'`), or our own pages and these sources.
   * Left out: our own pages alone, as every other answer.
   */
  framedBy?: '*' | 'none' | readonly string[];
  /**
   * A page the server writes itself rather than one of the apps: it loads nothing but what it names —
   * scripts carrying this nonce, inline styles, images of ours and data: URLs, calls to ourselves,
   * forms posted to ourselves.
   */
  nonce?: string;
  /** Sources allowed besides the policy's own, by what they load. */
  allow?: Partial<Record<'script' | 'img' | 'connect' | 'media', readonly string[]>>;
}

type Directives = Record<string, readonly string[]>;

/** The apps' policy; Stripe and reCAPTCHA only when they are configured. */
function appDirectives(config: Pick<Config, 'stripe' | 'recaptchaSiteKey'>): Directives {
  // Stripe.js and its card and 3-D Secure frames, as Stripe documents them.
  const stripe = config.stripe
    ? { script: ['https://js.stripe.com'], frame: ['https://js.stripe.com', 'https://hooks.stripe.com'] }
    : { script: [], frame: [] };
  // The trial page's reCAPTCHA widget, as Google's CSP guidance lists it.
  const recaptcha = config.recaptchaSiteKey
    ? {
        script: ['https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/'],
        frame: ['https://www.google.com/recaptcha/', 'https://recaptcha.google.com/recaptcha/'],
      }
    : { script: [], frame: [] };
  return {
    'default-src': ["'self'"],
    'base-uri': ["'self'"],
    'font-src': ["'self'", 'data:'],
    'form-action': ["'self'"],
    'img-src': ["'self'", 'data:', 'blob:'],
    'object-src': ["'none'"],
    'script-src': ["'self'", ...stripe.script, ...recaptcha.script],
    'script-src-attr': ["'none'"],
    // Mantine sets CSS variables and positions through style attributes.
    'style-src': ["'self'", "'unsafe-inline'"],
    'connect-src': ["'self'", ...(config.stripe ? ['https://api.stripe.com'] : [])],
    'media-src': ["'self'", 'blob:'],
    'frame-src': ["'self'", ...stripe.frame, ...recaptcha.frame],
  };
}

/** A page written on the server (a rule with a nonce): nothing loads but what the page names. */
const pageDirectives = (nonce: string): Directives => ({
  'default-src': ["'none'"],
  'script-src': [`'nonce-${nonce}'`],
  'style-src': ["'unsafe-inline'"],
  'img-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  'form-action': ["'self'"],
  'base-uri': ["'none'"],
});

/** Whether pages other than ours may frame the answer (then X-Frame-Options must not forbid it). */
const framedByOthers = (rule: CspRule) => rule.framedBy !== undefined && rule.framedBy !== 'none';

function frameAncestors(framedBy: CspRule['framedBy']): readonly string[] {
  if (framedBy === '*') return ['*'];
  if (framedBy === 'none') return ["'none'"];
  return ["'self'", ...(framedBy ?? [])];
}

/** The header for `rule` over the apps' directives. */
function cspHeader(app: Directives, rule: CspRule): string {
  const directives: Record<string, readonly string[]> = rule.nonce ? pageDirectives(rule.nonce) : { ...app };
  for (const [kind, sources] of Object.entries(rule.allow ?? {}))
    directives[`${kind}-src`] = [...(directives[`${kind}-src`] ?? []), ...sources];
  directives['frame-ancestors'] = frameAncestors(rule.framedBy);
  return Object.entries(directives)
    .map(([name, sources]) => `${name} ${sources.join(' ')}`)
    .join('; ');
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The header a CspRule gives on this server (its apps' directives follow the configuration). */
    cspHeader(rule: CspRule): string;
  }
}

const CSP = 'content-security-policy';
const FRAME_OPTIONS = 'x-frame-options';

/**
 * The security headers of every answer beside its CSP (what helmet's defaults send, written once:
 * helmet's Fastify hook builds its middleware anew for each request, which cost more than a hot call's
 * own work). X-Frame-Options tells older browsers what the CSP's frame-ancestors says.
 */
const SECURITY_HEADERS = {
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'no-referrer',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  [FRAME_OPTIONS]: 'SAMEORIGIN',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
};

/**
 * Every answer gets the security headers and the apps' policy: our own pages alone may frame it;
 * `useCsp` replaces the policy for one answer.
 */
export function registerCsp(app: FastifyInstance, config: Pick<Config, 'stripe' | 'recaptchaSiteKey'>): void {
  const directives = appDirectives(config);
  const headers = { ...SECURITY_HEADERS, [CSP]: cspHeader(directives, {}) };
  app.decorate('cspHeader', (rule: CspRule) => cspHeader(directives, rule));
  app.addHook('onRequest', async (_request, reply) => {
    reply.headers(headers);
  });
}

/** Answers this request under `rule` instead of the apps' policy. */
export function useCsp(reply: FastifyReply, rule: CspRule): FastifyReply {
  reply.header(CSP, reply.server.cspHeader(rule));
  if (rule.framedBy === 'none') reply.header(FRAME_OPTIONS, 'DENY');
  else if (framedByOthers(rule)) reply.removeHeader(FRAME_OPTIONS);
  return reply;
}
