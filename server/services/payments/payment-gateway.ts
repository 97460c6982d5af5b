import type { Config } from '../../config';
import type { Database } from '../../db/database';
import type { PaymentGateway } from './gateway';
import { SandboxGateway } from './sandbox-gateway';
import { StripeGateway } from './stripe-gateway';

/** Stripe when its secret key is configured, otherwise the embedded sandbox. */
export function createPaymentGateway(
  config: Config,
  db: Database,
  now: () => Date,
): PaymentGateway {
  return config.stripeSecretKey
    ? new StripeGateway({
        secretKey: config.stripeSecretKey,
        apiBase: config.stripeApiBase,
        publicUrl: config.publicUrl,
      })
    : new SandboxGateway(db, now);
}
