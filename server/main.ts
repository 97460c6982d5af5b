import { loadConfig } from './config';
import { buildApp } from './app';
import { openDatabase } from './db/database';
import { seedDatabase, DEMO_CUSTOMER } from './db/seed';
import { drainOnSignals, surviveDatabaseErrors } from './shutdown';

const config = loadConfig();
if (config.production && !config.relaySecret)
  throw new Error('RELAY_SECRET is required in production');
const database = await openDatabase(config);
await database.migrate();
await seedDatabase(database.db);
const app = await buildApp({ config, database });
await app.listen({ port: config.port, host: config.host });

const where = config.databaseUrl
  ? 'PostgreSQL server (DATABASE_URL)'
  : `PGlite in ${config.dataDir}/pglite`;
console.log(`Sfoglia is running at ${config.publicUrl}`);
console.log(`Database: ${where}`);
console.log(`Demo sign-in: ${DEMO_CUSTOMER.email} / ${DEMO_CUSTOMER.password}`);
if (config.devTools) {
  console.log(
    `Mailbox: ${config.publicUrl}/dev/mailbox (development tools on: local requests only)`,
  );
  console.log(`API reference: ${config.publicUrl}/dev/api-reference`);
  if (config.production) console.warn('Warning: DEV_TOOLS=true in production');
}

drainOnSignals(app, database, config.shutdownTimeoutMs);
surviveDatabaseErrors(app, database);
