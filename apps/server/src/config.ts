import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

const flag = z.enum(['0', '1', 'true', 'false']).transform((v) => v === '1' || v === 'true');

/** Every environment variable the server reads, parsed once. Nothing else reads process.env. */
const Env = z.object({
  /** development | production | test. Production refuses to start without SECRET_KEY. */
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  /** TCP port of the HTTP server (API, apps, socket.io). */
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** Interface to listen on. */
  HOST: z.string().default('0.0.0.0'),
  /** Public base URL of the manager app; links in mails point here. */
  PUBLIC_URL: z.url().optional(),
  /** Public base URL of the employees' learner app. Defaults to {PUBLIC_URL}/learn. */
  LEARNER_URL: z.url().optional(),
  /** Folder for the embedded database, the generated development secret and uploads. */
  DATA_DIR: z.string().default('./data'),
  /** PostgreSQL connection string; unset means the embedded PGlite database in DATA_DIR. */
  DATABASE_URL: z.string().optional(),
  /** SMTP server, e.g. smtp://user:pass@mail.example.com:587; unset means the built-in outbox. */
  SMTP_URL: z.string().optional(),
  /** Sender of every mail. */
  MAIL_FROM: z.string().default('Vigil <no-reply@vigil.local>'),
  /** Key for signing impersonation links and encrypting integration credentials (≥ 32 characters). */
  SECRET_KEY: z.string().min(32).optional(),
  /** pino log level. */
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Load the demo companies on first start (1) or not (0). Outside production on unless 0; in production only when set to 1. */
  DEMO_DATA: flag.optional(),
  /** Run background job workers in this process (1) or only serve HTTP (0). */
  JOBS: flag.default(true),
  /** Show the outbox at /dev/mailbox; never in production. Defaults to on outside production. */
  DEV_MAILBOX: flag.optional(),
  /** Trust X-Forwarded-* headers from a load balancer. */
  TRUST_PROXY: flag.default(false),
  /** reCAPTCHA (v2 or v3) secret for the trial sign-up, checked on the server; unset skips the captcha check. */
  RECAPTCHA_SECRET: z.string().optional(),
  /** reCAPTCHA site key the /trial page loads the widget with; unset shows no widget. */
  RECAPTCHA_SITE_KEY: z.string().optional(),
  /** Where the server checks a reCAPTCHA answer (Google's siteverify; tests point it at a local server). */
  RECAPTCHA_VERIFY_URL: z.url().default('https://www.google.com/recaptcha/api/siteverify'),
  /** Sign-in, sign-up and token-exchange calls allowed per client address per minute. */
  AUTH_RATE_LIMIT: z.coerce.number().int().min(1).default(20),
  /** Support address shown in banners and mails. */
  SUPPORT_EMAIL: z.email().default('support@vigil.local'),
  /** Public API (/api/v1) calls allowed per API key per minute; more are answered 429 with Retry-After. */
  API_RATE_LIMIT: z.coerce.number().int().min(1).default(300),
  /** Let webhooks call private, loopback and link-local addresses and plain http:// (1) or not (0). Defaults to on in development and test only. */
  WEBHOOK_ALLOW_PRIVATE: flag.optional(),
  /** Seconds before a failed webhook delivery's first retry; each next retry waits twice as long. */
  WEBHOOK_RETRY_DELAY: z.coerce.number().int().min(1).default(30),
  /** The public notification file served at /notification.json (a banner for every manager). Defaults to {DATA_DIR}/notification.json. */
  NOTIFICATION_FILE: z.string().optional(),
  /** Where uploaded files (company logos) are kept: local (files under {DATA_DIR}/files) or s3. */
  STORAGE: z.enum(['local', 's3']).default('local'),
  /** STORAGE=s3: the bucket. */
  S3_BUCKET: z.string().optional(),
  /** STORAGE=s3: the endpoint of an S3-compatible store (MinIO, R2, …); unset means AWS S3 itself. */
  S3_ENDPOINT: z.url().optional(),
  /** STORAGE=s3: the region. */
  S3_REGION: z.string().default('us-east-1'),
  /** STORAGE=s3: the access key; unset means the SDK's default chain (environment, instance role). */
  S3_ACCESS_KEY_ID: z.string().optional(),
  /** STORAGE=s3: the secret of S3_ACCESS_KEY_ID. */
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  /** STORAGE=s3: address objects as {endpoint}/{bucket}/{key} (1, what most S3-compatible stores need) or on a bucket host name (0). */
  S3_FORCE_PATH_STYLE: flag.default(true),
  /** Stripe secret key (sk_live_… or sk_test_…); unset means the built-in test payment provider (no money moves). */
  STRIPE_SECRET_KEY: z.string().optional(),
  /** Stripe publishable key (pk_…) for the card step in the browser; required with STRIPE_SECRET_KEY. */
  STRIPE_PUBLISHABLE_KEY: z.string().optional(),
  /** Signing secret (whsec_…) of the Stripe webhook endpoint /api/billing/stripe/webhook; unset refuses every webhook. */
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  /** Base URL of the Stripe API, e.g. http://127.0.0.1:12111 for a local stand-in in tests; unset means api.stripe.com. */
  STRIPE_API_BASE: z.url().optional(),
  /** Microsoft's sign-in host for Azure AD directory sync tokens ({url}/{tenant}/oauth2/v2.0/token); tests point it at a local fake. */
  MICROSOFT_LOGIN_URL: z.url().default('https://login.microsoftonline.com'),
  /** Microsoft Graph's base URL for Azure AD directory sync (/v1.0/groups…); tests point it at a local fake. */
  MICROSOFT_GRAPH_URL: z.url().default('https://graph.microsoft.com'),
  /** The Google Admin SDK's root URL for Google Workspace directory sync; tests point it at a local fake. */
  GOOGLE_API_URL: z.url().default('https://admin.googleapis.com/'),
  /** Google's OAuth token endpoint a service account's assertion is traded at. */
  GOOGLE_TOKEN_URL: z.url().default('https://oauth2.googleapis.com/token'),
  /** When the nightly directory sync runs (UTC cron) for every connected Azure AD and Google directory. */
  DIRECTORY_SYNC_CRON: z.string().default('30 2 * * *'),
  /** The Slack app's client id and secret ('Add to Slack', OAuth v2); unset: Slack cannot be connected. */
  SLACK_CLIENT_ID: z.string().optional(),
  SLACK_CLIENT_SECRET: z.string().optional(),
  /** Slack's Web API base (…/api/); its OAuth page is ../oauth/v2/authorize of it. Tests point it at a local fake. */
  SLACK_API_URL: z.url().default('https://slack.com/api/'),
  /** The Teams bot's Microsoft app id and client secret (Bot Framework); unset: Teams cannot send. */
  TEAMS_APP_ID: z.string().optional(),
  TEAMS_APP_PASSWORD: z.string().optional(),
  /** Where the bot's tokens come from (client credentials, scope https://api.botframework.com/.default). */
  TEAMS_TOKEN_URL: z.url().default('https://login.microsoftonline.com/botframework.com/oauth2/v2.0/token'),
  /** The Bot Connector's service URL proactive messages go to (Teams' global one by default). */
  TEAMS_SERVICE_URL: z.url().default('https://smba.trafficmanager.net/teams/'),
  /** The built /embed player (index.html and assets/); defaults to apps/embed/dist. */
  EMBED_DIR: z.string().optional(),
  /** Playback grants (POST /api/embed/grant) allowed per client address and embed key per minute. */
  EMBED_GRANT_RATE_LIMIT: z.coerce.number().int().min(1).default(60),
  /** Signing secret of POST /api/inbound/mail (the mail provider's inbound webhook); unset refuses every post. */
  INBOUND_MAIL_SECRET: z.string().min(16).optional(),
  /** The domain of the companies' report addresses (report+{token}@…); defaults to PUBLIC_URL's host. */
  INBOUND_MAIL_DOMAIN: z.string().optional(),
  /** Port of the small SMTP listener that takes reported mails (dev machine, journeys); unset: no listener. */
  INBOUND_SMTP_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  /** More address ranges (CIDR, comma separated) whose link requests are a mail scanner's. */
  PHISHING_SCANNER_RANGES: z.string().default(''),
  /** The addresses simulated mails leave from (comma separated), shown in the allow-list help. */
  PHISHING_SENDING_IPS: z.string().default(''),
  /** Requests of one path of one simulated mail (/p/{token}…) allowed per minute; more get 429 with Retry-After. */
  PHISHING_LINK_RATE_LIMIT: z.coerce.number().int().min(1).default(20),
  /** Requests of /p/* allowed per client network (IPv4 /24, IPv6 /48) per minute: a ceiling for a flood only. */
  PHISHING_NETWORK_RATE_LIMIT: z.coerce.number().int().min(1).default(60_000),
});

/** Slack and Teams (modules/chat); null fields: that product is not set up on this server. */
export type ChatConfig = {
  slack: { clientId: string; clientSecret: string } | null;
  slackApiUrl: string;
  teams: { appId: string; appPassword: string } | null;
  teamsTokenUrl: string;
  teamsServiceUrl: string;
};

/** The directories' API addresses (modules/directory). */
export type DirectoryConfig = {
  microsoftLoginUrl: string;
  microsoftGraphUrl: string;
  googleApiUrl: string;
  googleTokenUrl: string;
  syncCron: string;
};

/** Stripe, when configured (modules/billing/stripe-provider.ts). */
export type StripeConfig = {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string | undefined;
  apiBase: string | undefined;
};

/** Where uploaded files are kept (lib/storage.ts). */
export type StorageConfig =
  | { kind: 'local'; dir: string }
  | {
      kind: 's3';
      bucket: string;
      endpoint: string | undefined;
      region: string;
      credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
      forcePathStyle: boolean;
    };

export type Config = {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  publicUrl: string;
  learnerUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  secretKey: string;
  logLevel: z.infer<typeof Env>['LOG_LEVEL'];
  demoData: boolean;
  /** Sign-in links written to the console (the demo admin's at start, mailed ones in outbox mode); never in production. */
  printSigninLinks: boolean;
  jobs: boolean;
  devMailbox: boolean;
  trustProxy: boolean;
  recaptchaSecret: string | undefined;
  recaptchaSiteKey: string | undefined;
  recaptchaVerifyUrl: string;
  authRateLimit: number;
  supportEmail: string;
  notificationFile: string;
  storage: StorageConfig;
  apiRateLimit: number;
  webhookAllowPrivate: boolean;
  webhookRetryDelay: number;
  /** The built /embed player; null: apps/embed/dist. */
  embedDir: string | null;
  embedGrantRateLimit: number;
  /** Reported mails (modules/phishing-tracking): the webhook's secret, the report addresses' domain, the SMTP listener. */
  inbound: { secret: string | undefined; domain: string; smtpPort: number | undefined };
  /** Ranges (CIDR) added to the scanner rules' own. */
  phishingScannerRanges: string[];
  /** The sending addresses the allow-list help names. */
  phishingSendingIps: string[];
  /** Rate limits of the simulated mails' public paths, per minute: per mail and path, per network. */
  phishingRateLimits: { link: number; network: number };
  /** null: the built-in test payment provider. */
  stripe: StripeConfig | null;
  directory: DirectoryConfig;
  chat: ChatConfig;
};

export class ConfigError extends Error {}

function developmentSecret(dataDir: string): string {
  const file = path.join(dataDir, 'secret.key');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

const trimSlash = (url: string) => url.replace(/\/+$/, '');
/** A comma-separated setting as its non-empty items. */
const listOf = (value: string) =>
  value
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = Env.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n  ${lines.join('\n  ')}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  if (e.NODE_ENV === 'production' && !e.SECRET_KEY) {
    throw new ConfigError('SECRET_KEY is required in production (at least 32 characters).');
  }
  if (e.STORAGE === 's3' && !e.S3_BUCKET) throw new ConfigError('STORAGE=s3 needs S3_BUCKET.');
  if (Boolean(e.S3_ACCESS_KEY_ID) !== Boolean(e.S3_SECRET_ACCESS_KEY)) {
    throw new ConfigError('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together.');
  }
  if (e.STRIPE_SECRET_KEY && !e.STRIPE_PUBLISHABLE_KEY) {
    throw new ConfigError('STRIPE_SECRET_KEY needs STRIPE_PUBLISHABLE_KEY.');
  }
  const publicUrl = trimSlash(e.PUBLIC_URL ?? `http://localhost:${e.PORT}`);
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    publicUrl,
    learnerUrl: trimSlash(e.LEARNER_URL ?? `${publicUrl}/learn`),
    dataDir,
    databaseUrl: e.DATABASE_URL || undefined,
    smtpUrl: e.SMTP_URL || undefined,
    mailFrom: e.MAIL_FROM,
    secretKey: e.SECRET_KEY ?? developmentSecret(dataDir),
    logLevel: e.LOG_LEVEL,
    demoData: e.DEMO_DATA ?? e.NODE_ENV !== 'production',
    printSigninLinks: e.NODE_ENV !== 'production',
    jobs: e.JOBS,
    devMailbox: e.NODE_ENV !== 'production' && (e.DEV_MAILBOX ?? true),
    trustProxy: e.TRUST_PROXY,
    recaptchaSecret: e.RECAPTCHA_SECRET || undefined,
    recaptchaSiteKey: e.RECAPTCHA_SITE_KEY || undefined,
    recaptchaVerifyUrl: e.RECAPTCHA_VERIFY_URL,
    authRateLimit: e.AUTH_RATE_LIMIT,
    supportEmail: e.SUPPORT_EMAIL,
    apiRateLimit: e.API_RATE_LIMIT,
    webhookAllowPrivate: e.WEBHOOK_ALLOW_PRIVATE ?? e.NODE_ENV !== 'production',
    webhookRetryDelay: e.WEBHOOK_RETRY_DELAY,
    embedDir: e.EMBED_DIR ? path.resolve(e.EMBED_DIR) : null,
    embedGrantRateLimit: e.EMBED_GRANT_RATE_LIMIT,
    inbound: {
      secret: e.INBOUND_MAIL_SECRET || undefined,
      domain: e.INBOUND_MAIL_DOMAIN || new URL(publicUrl).hostname,
      smtpPort: e.INBOUND_SMTP_PORT,
    },
    phishingScannerRanges: listOf(e.PHISHING_SCANNER_RANGES),
    phishingSendingIps: listOf(e.PHISHING_SENDING_IPS),
    phishingRateLimits: { link: e.PHISHING_LINK_RATE_LIMIT, network: e.PHISHING_NETWORK_RATE_LIMIT },
    stripe: e.STRIPE_SECRET_KEY
      ? {
          secretKey: e.STRIPE_SECRET_KEY,
          publishableKey: e.STRIPE_PUBLISHABLE_KEY!,
          webhookSecret: e.STRIPE_WEBHOOK_SECRET || undefined,
          apiBase: e.STRIPE_API_BASE,
        }
      : null,
    directory: {
      microsoftLoginUrl: trimSlash(e.MICROSOFT_LOGIN_URL),
      microsoftGraphUrl: trimSlash(e.MICROSOFT_GRAPH_URL),
      googleApiUrl: e.GOOGLE_API_URL,
      googleTokenUrl: e.GOOGLE_TOKEN_URL,
      syncCron: e.DIRECTORY_SYNC_CRON,
    },
    chat: {
      slack:
        e.SLACK_CLIENT_ID && e.SLACK_CLIENT_SECRET
          ? { clientId: e.SLACK_CLIENT_ID, clientSecret: e.SLACK_CLIENT_SECRET }
          : null,
      slackApiUrl: e.SLACK_API_URL.endsWith('/') ? e.SLACK_API_URL : `${e.SLACK_API_URL}/`,
      teams:
        e.TEAMS_APP_ID && e.TEAMS_APP_PASSWORD
          ? { appId: e.TEAMS_APP_ID, appPassword: e.TEAMS_APP_PASSWORD }
          : null,
      teamsTokenUrl: e.TEAMS_TOKEN_URL,
      teamsServiceUrl: e.TEAMS_SERVICE_URL.endsWith('/') ? e.TEAMS_SERVICE_URL : `${e.TEAMS_SERVICE_URL}/`,
    },
    notificationFile: path.resolve(e.NOTIFICATION_FILE || path.join(dataDir, 'notification.json')),
    storage:
      e.STORAGE === 's3'
        ? {
            kind: 's3',
            bucket: e.S3_BUCKET!,
            endpoint: e.S3_ENDPOINT,
            region: e.S3_REGION,
            credentials:
              e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
                ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY }
                : undefined,
            forcePathStyle: e.S3_FORCE_PATH_STYLE,
          }
        : { kind: 'local', dir: path.join(dataDir, 'files') },
  };
}
