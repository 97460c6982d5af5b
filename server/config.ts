import { randomBytes } from 'node:crypto';
import path from 'node:path';

/** Every setting comes from the environment; README.md lists them with these defaults. */
export interface Config {
  port: number;
  host: string;
  /** PostgreSQL server URL; when unset the embedded PGlite database under dataDir is used. */
  databaseUrl: string | undefined;
  dataDir: string;
  publicUrl: string;
  production: boolean;
  /** Cookies get the Secure flag (set when served behind HTTPS). */
  secureCookies: boolean;
  /** Text of the staging/demo banner; null hides it. */
  demoBanner: string | null;
  /**
   * Development tools (the mailbox page, /api/v2/dev/*): off unless DEV_TOOLS=true, and even then
   * they answer only local requests (server/http/dev-tools.ts).
   */
  devTools: boolean;
  /**
   * The statechart viewer at /flows (product rule R15.1): FLOWS_VIEWER=true|false; by default on
   * with the development tools or a demo banner, so off in production unless configured.
   */
  flowsViewer: boolean;
  /** Origins besides this site's own that may make state-changing API calls (ALLOWED_ORIGINS). */
  allowedOrigins: string[];
  smtpUrl: string | undefined;
  mailFrom: string;
  /** External postcode lookup service; when unset the seeded postcode directory is used. */
  postcodeApiUrl: string | undefined;
  supportPhone: string;
  logLevel: string;
  /** Stripe is the payment gateway when set; otherwise the embedded sandbox (docs/payments.md). */
  stripeSecretKey: string | undefined;
  stripePublishableKey: string | undefined;
  stripeWebhookSecret: string | undefined;
  /** Where the Stripe SDK sends requests (a local stand-in in tests); Stripe's API when unset. */
  stripeApiBase: string | undefined;
  /**
   * HMAC secret of the order-relay service's signed calls (POST /relay/orders/{id}/events).
   * A fixed development default outside production; in production the server refuses to start
   * without RELAY_SECRET (server/main.ts), and null makes every relay call a 401.
   */
  relaySecret: string | null;
  /** The embedded kitchen simulator advances paid takeaway orders (on outside production). */
  kitchen: KitchenConfig;
  /** The in-process subscription billing job (docs/subscriptions.md); off under NODE_ENV=test. */
  billing: { enabled: boolean; intervalMs: number };
  /**
   * Emails each paid order's confirmation through the outbox (product rule R9.9); off under
   * NODE_ENV=test unless ORDER_EMAILS=true, so API tests count only their own emails.
   */
  orderConfirmations: { enabled: boolean; intervalMs: number };
  /** Settles payments a crash left in flight, in process (docs/payments.md). */
  paymentReconciler: {
    intervalMs: number;
    processingTimeoutMs: number;
    actionTimeoutMs: number;
  };
  /** Declined payments allowed per order and per customer in an hour (card testing). */
  paymentAttemptLimits: { perOrder: number; perCustomer: number };
  /** External storefront GraphQL catalogue; when unset the embedded catalogue is used. */
  catalogueGraphqlUrl: string | undefined;
  /** Sent to it as X-Shopify-Storefront-Access-Token. */
  catalogueToken: string | undefined;
  /** SIGTERM waits this long for requests in flight before exiting anyway (server/shutdown.ts). */
  shutdownTimeoutMs: number;
  /** Fastify's trustProxy: which proxies' X-Forwarded-For to believe (none by default: request.ip is the socket's). */
  trustProxy: boolean | string[] | ((address: string, hop: number) => boolean);
  /** HMAC key of sign-in device cookies (server/services/device-cookies.ts). */
  deviceCookieSecret: string;
  /** Sign-ups allowed per client address per hour. */
  signUpsPerAddressPerHour: number;
}

export interface KitchenConfig {
  simulator: boolean;
  tickMs: number;
  /** How long after payment the kitchen accepts, then prepares, then the driver drives (ms). */
  acceptMs: number;
  prepMs: number;
  driveMs: number;
}

/** Outside production without RELAY_SECRET: the development and end-to-end servers' relay secret. */
export const DEV_RELAY_SECRET = 'sfoglia-development-relay-secret';

const milliseconds = (value: string | undefined, fallback: number) => {
  const parsed = Number(value);
  return value && Number.isFinite(parsed) && parsed >= 0 ? parsed : fallback;
};

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const production = env.NODE_ENV === 'production';
  const port = Number(env.PORT ?? 3000);
  const publicUrl = env.PUBLIC_URL ?? `http://localhost:${port}`;
  return {
    port,
    host: env.HOST ?? '127.0.0.1',
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir: path.resolve(env.DATA_DIR ?? 'data'),
    publicUrl,
    production,
    secureCookies: env.COOKIE_SECURE
      ? env.COOKIE_SECURE === 'true'
      : publicUrl.startsWith('https:'),
    demoBanner:
      env.DEMO_BANNER === ''
        ? null
        : (env.DEMO_BANNER ??
          (production ? null : 'Demo site: no real orders are taken or charged.')),
    devTools: env.DEV_TOOLS === 'true',
    flowsViewer: env.FLOWS_VIEWER
      ? env.FLOWS_VIEWER === 'true'
      : env.DEV_TOOLS === 'true' ||
        (env.DEMO_BANNER === undefined ? !production : env.DEMO_BANNER !== ''),
    allowedOrigins: (env.ALLOWED_ORIGINS ?? '')
      .split(',')
      .map((origin) => origin.trim())
      .filter(Boolean),
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM ?? 'Sfoglia <hello@sfoglia.test>',
    postcodeApiUrl: env.POSTCODE_API_URL || undefined,
    supportPhone: env.SUPPORT_PHONE ?? '020 3001 2345',
    logLevel: env.LOG_LEVEL ?? (production ? 'info' : 'warn'),
    stripeSecretKey: env.STRIPE_SECRET_KEY || undefined,
    stripePublishableKey: env.STRIPE_PUBLISHABLE_KEY || undefined,
    stripeWebhookSecret: env.STRIPE_WEBHOOK_SECRET || undefined,
    stripeApiBase: env.STRIPE_API_BASE || undefined,
    relaySecret: relaySecret(env, production),
    kitchen: {
      // Off in tests too, so no test sees an order move unless it drives the simulator itself.
      simulator: env.KITCHEN_SIMULATOR
        ? env.KITCHEN_SIMULATOR === 'true'
        : !production && env.NODE_ENV !== 'test',
      tickMs: milliseconds(env.KITCHEN_TICK_MS, 2000) || 2000,
      acceptMs: milliseconds(env.KITCHEN_ACCEPT_MS, 10_000),
      prepMs: milliseconds(env.KITCHEN_PREP_MS, 20_000),
      driveMs: milliseconds(env.KITCHEN_DRIVE_MS, 30_000),
    },
    billing: {
      enabled: env.BILLING_JOB ? env.BILLING_JOB === 'true' : env.NODE_ENV !== 'test',
      intervalMs: milliseconds(env.BILLING_INTERVAL_MS, 600_000) || 600_000,
    },
    orderConfirmations: {
      enabled: env.ORDER_EMAILS ? env.ORDER_EMAILS === 'true' : env.NODE_ENV !== 'test',
      intervalMs: milliseconds(env.ORDER_EMAILS_INTERVAL_MS, 2000) || 2000,
    },
    paymentReconciler: {
      intervalMs: milliseconds(env.PAYMENT_RECONCILE_INTERVAL_MS, 60_000) || 60_000,
      processingTimeoutMs: milliseconds(env.PAYMENT_PROCESSING_TIMEOUT_MS, 120_000),
      actionTimeoutMs: milliseconds(env.PAYMENT_ACTION_TIMEOUT_MS, 1_800_000),
    },
    paymentAttemptLimits: {
      perOrder: milliseconds(env.PAYMENT_DECLINES_PER_ORDER, 5) || 5,
      perCustomer: milliseconds(env.PAYMENT_DECLINES_PER_CUSTOMER, 10) || 10,
    },
    catalogueGraphqlUrl: env.CATALOGUE_GRAPHQL_URL || undefined,
    catalogueToken: env.CATALOGUE_TOKEN || undefined,
    shutdownTimeoutMs: milliseconds(env.SHUTDOWN_TIMEOUT_MS, 10_000),
    trustProxy: trustProxy(env.TRUST_PROXY),
    // Unset in production: a key per process, so a device cookie is trusted only by the instance that issued it.
    deviceCookieSecret:
      env.DEVICE_COOKIE_SECRET ||
      (production ? randomBytes(32).toString('base64url') : 'sfoglia-development-device-secret'),
    signUpsPerAddressPerHour: Number(env.SIGN_UP_LIMIT) || 10,
  };
}

/** TRUST_PROXY as Fastify's trustProxy takes it: a hop count, true/false, or a comma list of addresses and CIDRs. */
function trustProxy(value: string | undefined): Config['trustProxy'] {
  const text = value?.trim() ?? '';
  if (text === '' || text === 'false') return false;
  if (text === 'true') return true;
  // A hop count: believe that many proxies nearest the server (Fastify's own rule for a number).
  if (/^\d+$/.test(text)) return (_address, hop) => hop < Number(text);
  return text
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
}

function relaySecret(env: NodeJS.ProcessEnv, production: boolean): string | null {
  if (env.RELAY_SECRET) return env.RELAY_SECRET;
  return production ? null : DEV_RELAY_SECRET;
}
