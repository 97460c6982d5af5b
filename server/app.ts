import fs from 'node:fs';
import path from 'node:path';
import Fastify from 'fastify';
import cookie from '@fastify/cookie';
import openapiGlue from 'fastify-openapi-glue';
import type { Config } from './config';
import type { DatabaseHandle } from './db/database';
import { installErrorHandling } from './http/error-handler';
import { loggerOptions, type DestinationStream } from './http/log-redaction';
import { guardDevTools } from './http/dev-tools';
import { installOriginCheck } from './http/origin-check';
import { installSecurityHeaders } from './http/security-headers';
import { registerStaticFiles } from './http/static-files';
import { PublicReadFastPath, installPublicReads } from './http/public-reads';
import { PublicReadCache } from './services/cache/public-read-cache';
import { ApiError, errorDocument } from './http/jsonapi';
import { ajvOptions, frameworkErrors, installInputGuards } from './http/input-guards';
import { createDeps, type Deps } from './deps';
import { createHandlers } from './routes/index';
import { registerDevMailbox } from './routes/dev/mailbox-page';
import { registerApiReference } from './routes/dev/api-reference-page';
import { registerSandboxPages } from './routes/sandbox/sandbox-pages';
import { registerStripeWebhook, STRIPE_WEBHOOK_PATH } from './routes/webhooks/stripe-webhook';
import { registerStorefrontGraphql } from './routes/storefront/storefront-graphql';
import { SandboxGateway } from './services/payments/sandbox-gateway';
import { captureRelayRawBody, isRelayRequest } from './routes/relay/relay-signature';
import { createKitchenSimulator } from './services/kitchen-simulator';
import { startBillingJob } from './services/subscriptions/billing-schedule';
import { jobErrorReporter } from './db/availability';
import { registerHealthRoutes } from './routes/health/health-routes';
import { startPaymentReconciler } from './services/payments/payment-reconciler';
import { startOrderConfirmations } from './services/orders/order-confirmations';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
export const specificationPath = path.join(root, 'openapi/openapi.yaml');
const spaDir = path.join(root, 'dist');

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export interface AppOptions {
  config: Config;
  database: DatabaseHandle;
  /** Serve the built SPA from dist/ (off in API tests), or from the directory given (a fixture). */
  serveSpa?: boolean | string;
  overrides?: Partial<Omit<Deps, 'config' | 'db'>>;
  /** Where the log goes (stdout unless given; tests capture it). */
  logStream?: DestinationStream;
  /** The built API reference page (dist-dev/ unless given: a fixture). */
  apiReferenceFile?: string;
}

export async function buildApp({
  config,
  database,
  serveSpa = true,
  overrides,
  logStream,
  apiReferenceFile,
}: AppOptions) {
  const now = overrides?.now ?? (() => new Date());
  const publicReads = overrides?.publicReads ?? new PublicReadCache(() => now().getTime());
  // Cached public reads are answered before Fastify (R13.4); everything else goes to Fastify.
  const fastPath = new PublicReadFastPath(publicReads, now);
  const app = Fastify({
    serverFactory: fastPath.serverFactory,
    logger: loggerOptions(config.logLevel, logStream),
    trustProxy: config.trustProxy,
    ajv: ajvOptions,
    frameworkErrors,
  });
  installErrorHandling(app, {
    onDatabaseUnavailable: (error) => database.availability.reportDown(error),
  });
  database.availability.useLog(app.log);
  // The jobs below keep ticking through a database outage: its errors are logged once, not per tick.
  const jobError = (job: string) =>
    jobErrorReporter(database.availability, (error) =>
      app.log.error({ err: error, job }, 'job failed'),
    );
  registerHealthRoutes(app, database);
  installSecurityHeaders(app, config);
  installInputGuards(app);
  // Before the cookie plugin: a cached public read answers without any session work (R13.4).
  installPublicReads(app, publicReads, now, fastPath);
  await app.register(cookie);

  // The fixed branch header doubles as CSRF protection: a cross-site form cannot set it.
  app.addHook('onRequest', async (request) => {
    if (
      request.url.startsWith('/api/') &&
      !SAFE_METHODS.has(request.method) &&
      // The order-relay service is not a browser: its calls are signed instead (HMAC).
      !isRelayRequest(request.url) &&
      // Stripe calls its webhook; the signature (Stripe-Signature) is its proof instead.
      request.url.split('?')[0] !== STRIPE_WEBHOOK_PATH &&
      request.headers['x-branch'] !== 'web'
    ) {
      throw new ApiError(403, 'branch_header_missing', 'Missing X-Branch header', {
        detail: 'State-changing calls must send the header X-Branch: web',
      });
    }
  });

  installOriginCheck(app, config);
  guardDevTools(app, config.devTools);

  captureRelayRawBody(app);

  const deps = createDeps({ config, db: database.db, publicReads, ...overrides });
  await app.register(openapiGlue, {
    specification: specificationPath,
    serviceHandlers: createHandlers(deps),
    prefix: 'api/v2',
    // No securityHandlers: the contract's `security` documents who may call; the handlers check
    // the session themselves (requireCustomer), so the plugin adds no check of its own.
  });
  if (config.devTools) {
    registerDevMailbox(app, deps);
    registerApiReference(app, apiReferenceFile);
  }
  if (deps.paymentGateway instanceof SandboxGateway) registerSandboxPages(app, deps.paymentGateway);
  registerStripeWebhook(app, deps);
  registerStorefrontGraphql(app, deps);
  if (config.kitchen.simulator) {
    const kitchen = createKitchenSimulator({
      db: deps.db,
      config: config.kitchen,
      now: deps.now,
      onError: jobError('kitchen-simulator'),
    });
    app.addHook('onReady', async () => kitchen.start());
    app.addHook('onClose', async () => kitchen.stop());
  }
  if (config.billing.enabled) {
    const billing = startBillingJob(deps, config.billing.intervalMs, jobError('billing'));
    app.addHook('onReady', async () => billing.start());
    app.addHook('onClose', async () => billing.stop());
  }
  // Always on: a payment a crash left in flight is settled however the server is run.
  const reconciler = startPaymentReconciler(
    { ...deps, ...config.paymentReconciler },
    config.paymentReconciler.intervalMs,
    jobError('payment-reconciler'),
  );
  app.addHook('onReady', async () => reconciler.start());
  app.addHook('onClose', async () => reconciler.stop());
  if (config.orderConfirmations.enabled) {
    const confirmations = startOrderConfirmations(
      deps,
      config.orderConfirmations.intervalMs,
      jobError('order-confirmations'),
    );
    app.addHook('onReady', async () => confirmations.start());
    app.addHook('onClose', async () => confirmations.stop());
  }
  if (config.smtpUrl) {
    // Emails that failed to send are retried; row locks keep several instances from sending one twice.
    let timer: NodeJS.Timeout | undefined;
    app.addHook('onReady', async () => {
      timer = setInterval(
        () => void deps.mailer.deliverPending().catch(jobError('outbox')),
        30_000,
      );
      timer.unref();
    });
    app.addHook('onClose', async () => clearInterval(timer));
  }

  const spaRoot = typeof serveSpa === 'string' ? serveSpa : spaDir;
  const hasSpa = serveSpa !== false && fs.existsSync(path.join(spaRoot, 'index.html'));
  const shell = hasSpa ? await registerStaticFiles(app, deps, spaRoot) : undefined;
  if (shell && config.devTools) {
    // The living design page (/dev/design): a lazy route of the SPA, served like the mailbox only
    // with the development tools on (guardDevTools hides it otherwise). Product rule R14.5.
    app.get('/dev/design', (request, reply) => shell.sendShellOk(request, reply));
  }
  if (shell && config.flowsViewer) {
    // The statechart viewer (product rule R15.1): a lazy route of the SPA; off, it is a 404 page.
    app.get('/flows', (request, reply) => shell.sendShellOk(request, reply));
    app.get('/flows/:machine', (request, reply) => shell.sendShellOk(request, reply));
  }
  app.setNotFoundHandler((request, reply) => {
    if (request.url.startsWith('/api/') || !shell || !['GET', 'HEAD'].includes(request.method)) {
      return reply
        .code(404)
        .send(errorDocument([{ status: '404', code: 'not_found', title: 'Not found' }]));
    }
    // History fallback: a screen of the app gets the shell with 200; any other path the same shell
    // with 404, so a crawler or a link checker sees the miss while the SPA shows its not-found page
    // (product rule R1.13).
    return shell.sendShell(request, reply);
  });
  return app;
}
