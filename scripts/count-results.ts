import { existsSync, readFileSync } from 'node:fs';

/**
 * Totals the suites' JSON reports into the one line CI reads: `N passed, N failed`.
 * Extra checks (contract, type-check, lint, budgets) arrive as arguments: `--checks-passed N --checks-failed N`.
 */
const args = process.argv.slice(2);
const flag = (name: string) => Number(args[args.indexOf(name) + 1] ?? 0) || 0;
let passed = args.includes('--checks-passed') ? flag('--checks-passed') : 0;
let failed = args.includes('--checks-failed') ? flag('--checks-failed') : 0;

const read = (file: string) =>
  existsSync(file)
    ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>)
    : undefined;

for (const file of [
  'test-results/vitest.json',
  'test-results/vitest-pg.json',
  'test-results/chaos.json',
]) {
  const report = read(file) as
    | {
        numPassedTests?: number;
        numFailedTests?: number;
        testResults?: { status?: string; assertionResults?: { status?: string }[] }[];
      }
    | undefined;
  if (!report) continue;
  passed += report.numPassedTests ?? 0;
  failed += report.numFailedTests ?? 0;
  // A file that failed with no failed test (its beforeAll or its import threw, its tests skipped)
  // is one failure: else a suite that never ran would read as green.
  failed += (report.testResults ?? []).filter(
    (file) =>
      file.status === 'failed' &&
      !(file.assertionResults ?? []).some((test) => test.status === 'failed'),
  ).length;
}
const e2e = read('test-results/e2e.json') as
  | { stats?: { expected?: number; unexpected?: number; flaky?: number }; errors?: unknown[] }
  | undefined;
if (e2e?.stats) {
  passed += (e2e.stats.expected ?? 0) + (e2e.stats.flaky ?? 0);
  failed += e2e.stats.unexpected ?? 0;
}
// An error outside any test (the server could not start, a spec could not load) is a failure.
failed += e2e?.errors?.length ?? 0;
console.log(`${passed} passed, ${failed} failed`);
