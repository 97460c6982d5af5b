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
  /** The development mailbox page and /api/v2/dev/emails. */
  mailboxEnabled: boolean;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** External postcode lookup service; when unset the seeded postcode directory is used. */
  postcodeApiUrl: string | undefined;
  supportPhone: string;
  logLevel: string;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const production = env.NODE_ENV === 'production';
  const port = Number(env.PORT ?? 3000);
  const publicUrl = env.PUBLIC_URL ?? `http://localhost:${port}`;
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
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
    mailboxEnabled: env.MAILBOX ? env.MAILBOX === 'true' : !production,
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM ?? 'Sfoglia <hello@sfoglia.test>',
    postcodeApiUrl: env.POSTCODE_API_URL || undefined,
    supportPhone: env.SUPPORT_PHONE ?? '020 3001 2345',
    logLevel: env.LOG_LEVEL ?? (production ? 'info' : 'warn'),
  };
}
