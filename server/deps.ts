import type { Config } from './config';
import type { Database } from './db/database';
import { createMailer, type Mailer } from './services/mailer';
import { embeddedDirectory } from './services/postcode-directory/embedded-directory';
import { httpDirectory } from './services/postcode-directory/http-directory';
import type { PostcodeDirectory } from './services/postcode-directory/postcode-directory';
import type { PaymentGateway } from './services/payments/gateway';
import type { Catalogue } from './services/catalogue/catalogue';
import { createCatalogue } from './services/catalogue/create-catalogue';
import { createPaymentGateway } from './services/payments/payment-gateway';
import { PublicReadCache } from './services/cache/public-read-cache';

/** What handlers need; outside services sit behind interfaces with embedded defaults. */
export interface Deps {
  config: Config;
  db: Database;
  mailer: Mailer;
  postcodeDirectory: PostcodeDirectory;
  /** The embedded sandbox, or Stripe when STRIPE_SECRET_KEY is set. */
  paymentGateway: PaymentGateway;
  /** The weekly-menu catalogue: embedded, or CATALOGUE_GRAPHQL_URL (docs/catalogue.md). */
  catalogue: Catalogue;
  /** The cache of public reads: a write that changes one invalidates its tags (R13.4). */
  publicReads: PublicReadCache;
  now: () => Date;
}

export function createDeps(base: Pick<Deps, 'config' | 'db'> & Partial<Deps>): Deps {
  return {
    now: () => new Date(),
    mailer: createMailer(base.db, base.config),
    postcodeDirectory: base.config.postcodeApiUrl
      ? httpDirectory(base.config.postcodeApiUrl)
      : embeddedDirectory(base.db),
    paymentGateway: createPaymentGateway(base.config, base.db, base.now ?? (() => new Date())),
    catalogue: createCatalogue(base.config, base.db, base.now ?? (() => new Date())),
    publicReads: new PublicReadCache(() => (base.now ?? (() => new Date()))().getTime()),
    ...base,
  };
}
