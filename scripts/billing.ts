/**
 * The subscription billing job as a command: `npm run billing -- [--as-of ISO]`. Safe beside the
 * in-process job and other instances (docs/subscriptions.md).
 */
import { parseArgs } from 'node:util';
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/database';
import { createCatalogue } from '../server/services/catalogue/create-catalogue';
import { createPaymentGateway } from '../server/services/payments/payment-gateway';
import { runBilling } from '../server/services/subscriptions/billing-job';

const { values } = parseArgs({ options: { 'as-of': { type: 'string' } } });
const asOf = values['as-of'] ? new Date(values['as-of']) : new Date();
if (Number.isNaN(asOf.getTime())) {
  console.error(`--as-of is not a date: ${values['as-of']}`);
  process.exit(2);
}

const config = loadConfig();
const database = await openDatabase(config);
try {
  await database.migrate();
  const now = () => new Date();
  const run = await runBilling(
    {
      db: database.db,
      paymentGateway: createPaymentGateway(config, database.db, now),
      catalogue: createCatalogue(config, database.db, now),
      now,
    },
    asOf,
  );
  console.log(
    `Billing as of ${asOf.toISOString()}: ${run.ordersCreated} orders written, ${run.charged} charged, ${run.failed} failed`,
  );
} finally {
  await database.close();
}
