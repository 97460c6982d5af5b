import { describe, expect, it } from 'vitest';
import { specificationPath } from '../../server/app';
import { runFuzz, summarise } from '../../scripts/fuzz/run-fuzz';
import { useTestApp } from './support/test-app';

const testApp = useTestApp({ env: { DEV_TOOLS: 'true' } });

/**
 * A sample of `npm run fuzz` (a fixed seed, a few requests per operation of the contract): no
 * bad input is a 5xx, none is accepted, and no refused request writes to the database.
 */
describe('bad input generated from the contract', () => {
  it(
    'is a JSON:API 4xx that writes nothing, on every operation',
    { timeout: 120_000 },
    async () => {
      const { app, database } = testApp();
      const report = await runFuzz({
        app,
        db: database.db,
        specificationPath,
        seed: 9,
        invalidPerOperation: 5,
        validPerOperation: 2,
      });
      expect(report.operations).toBeGreaterThan(60);
      expect(report.failures, summarise(report)).toEqual([]);
    },
  );
});
