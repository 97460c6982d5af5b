/**
 * The bad-input generator as a command: `npm run fuzz` sends every operation of
 * openapi/openapi.yaml FUZZ_PER_OPERATION invalid requests (default 50) and 20 valid-shaped ones,
 * signed in, against the real app on a fresh PGlite database, with the seed FUZZ_SEED (default 1).
 * Exits 1 on any 5xx, any accepted invalid request, or any write by a refused request.
 */
import { PGlite } from '@electric-sql/pglite';
import { buildApp, specificationPath } from '../server/app';
import { loadConfig } from '../server/config';
import { fromPglite } from '../server/db/database';
import { seedDatabase } from '../server/db/seed';
import { runFuzz, summarise } from './fuzz/run-fuzz';

const seed = Number(process.env.FUZZ_SEED ?? 1);
const invalidPerOperation = Number(process.env.FUZZ_PER_OPERATION ?? 50);
const validPerOperation = Number(process.env.FUZZ_VALID_PER_OPERATION ?? 20);
const only = process.env.FUZZ_OPERATIONS?.split(',').filter(Boolean);

const database = fromPglite(await PGlite.create());
await database.migrate();
await seedDatabase(database.db);
const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DEV_TOOLS: 'true' });
const app = await buildApp({ config, database, serveSpa: false });
await app.ready();
const started = Date.now();
try {
  const report = await runFuzz({
    app,
    db: database.db,
    specificationPath,
    seed,
    invalidPerOperation,
    validPerOperation,
    filter: only ? (operation) => only.includes(operation.operationId) : undefined,
    log: (line) => console.log(line),
  });
  console.log(summarise(report));
  console.log(`seed ${seed}, ${((Date.now() - started) / 1000).toFixed(1)} s`);
  process.exitCode = report.failures.length ? 1 : 0;
} finally {
  await app.close();
  await database.close();
}
