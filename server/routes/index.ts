import type { Config } from '../config';
import type { Database } from '../db/database';
import type { OperationHandlers } from '../http/handler';
import { createMailer, type Mailer } from '../services/mailer';
import { embeddedDirectory } from '../services/postcode-directory/embedded-directory';
import { httpDirectory } from '../services/postcode-directory/http-directory';
import type { PostcodeDirectory } from '../services/postcode-directory/postcode-directory';
import { postcodeHandlers } from './postcodes/postcodes.handlers';
import { addressHandlers } from './addresses/addresses.handlers';
import { basketHandlers } from './baskets/baskets.handlers';
import { paymentMethodHandlers } from './payment-methods/payment-methods.handlers';
import { paymentHandlers } from './payments/payments.handlers';
import { sandboxHandlers } from './sandbox/sandbox.handlers';
import type { PaymentGateway } from '../services/payments/gateway';
import type { Catalogue } from '../services/catalogue/catalogue';
import { createCatalogue } from '../services/catalogue/create-catalogue';
import { catalogueHandlers } from './catalogue/catalogue.handlers';
import { sessionClientHandlers } from './session-client/session-client.handlers';
import { createPaymentGateway } from '../services/payments/payment-gateway';
import { orderHandlers } from './orders/orders.handlers';
import { ratingHandlers } from './ratings/ratings.handlers';
import { relayHandlers } from './relay/relay.handlers';
import { deliveryEstimationHandlers } from './delivery-estimation/delivery-estimation.handlers';
import { voucherHandlers } from './vouchers/vouchers.handlers';
import { customerHandlers } from './customers/customers.handlers';
import { devEmailHandlers } from './dev/dev-emails.handlers';
import { menuHandlers } from './restaurants/menu.handlers';
import { restaurantHandlers } from './restaurants/restaurants.handlers';
import { timeSlotHandlers } from './restaurants/time-slots.handlers';
import { sessionHandlers } from './sessions/sessions.handlers';
import { settingsHandlers } from './settings/settings.handlers';
import { kitOrderHandlers } from './kit-orders/kit-orders.handlers';
import { subscriptionHandlers } from './subscriptions/subscriptions.handlers';
import { billingRunHandlers } from './subscriptions/billing-runs.handlers';
import { storeCreditHandlers } from './store-credit/store-credit.handlers';
import { emailVerificationHandlers } from './email-verification/email-verification.handlers';

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
    ...base,
  };
}

export function createHandlers(deps: Deps): Partial<OperationHandlers> {
  return {
    ...settingsHandlers(deps),
    ...restaurantHandlers(deps),
    ...menuHandlers(deps),
    ...timeSlotHandlers(deps),
    ...sessionHandlers(deps),
    ...customerHandlers(deps),
    ...devEmailHandlers(deps),
    ...postcodeHandlers(deps),
    ...basketHandlers(deps),
    ...paymentMethodHandlers(deps),
    ...paymentHandlers(deps),
    ...sandboxHandlers(deps),
    ...orderHandlers(deps),
    ...relayHandlers(deps),
    ...ratingHandlers(deps),
    ...voucherHandlers(deps),
    ...deliveryEstimationHandlers(deps),
    ...catalogueHandlers(deps),
    ...sessionClientHandlers(deps),
    ...kitOrderHandlers(deps),
    ...subscriptionHandlers(deps),
    ...billingRunHandlers(deps),
    ...storeCreditHandlers(deps),
    ...addressHandlers(deps),
    ...emailVerificationHandlers(deps),
  };
}
