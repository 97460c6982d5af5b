import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { TARGETS, apiTable, benchApi } from './bench/api';

/**
 * `npm run bench`: the speed figures of issue 13, measured on this machine, written to
 * docs/benchmarks/. Not part of `npm test`: nothing in CI is timed.
 *
 * BENCH_DURATION_S (default 10) is each run at 10 connections, BENCH_HEAVY_S (default 10) each
 * run at 50 connections; BENCH_PORT (4390) and BENCH_BARE_PORT (any free one) the ports used;
 * BENCH_DATABASE_URL a fresh PostgreSQL database to run on instead of PGlite;
 * BENCH_ONLY=api or BENCH_ONLY=lighthouse one half.
 */
const root = path.resolve(import.meta.dirname, '..');
const only = process.env.BENCH_ONLY;
const seconds = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const load = () =>
  os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(' / ');

if (only !== 'lighthouse') {
  const loadBefore = load();
  const durationS = seconds('BENCH_DURATION_S', 10);
  const heavyDurationS = seconds('BENCH_HEAVY_S', 10);
  const rows = await benchApi({
    port: Number(process.env.BENCH_PORT ?? 4390),
    barePort: Number(process.env.BENCH_BARE_PORT ?? 0),
    durationS,
    heavyDurationS,
    log: (line) => console.log(line),
  });
  const table = apiTable(rows);
  const database = process.env.BENCH_DATABASE_URL ? 'PostgreSQL server' : 'PGlite';
  const markdown = [
    '# API speed',
    '',
    `Measured by \`npm run bench\` on ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC: the production server (\`NODE_ENV=production\`, development tools off, log level \`warn\` as under \`npm start\`) on a fresh ${database} database, and a bare \`node:http\` process answering the same bytes, both on this machine in the same run, with autocannon (${durationS} s at 10 connections; errors counted over that run and ${heavyDurationS} s at 50 connections).`,
    '',
    `Machine: ${os.cpus().length} cores (${os.cpus()[0]?.model.trim() ?? 'unknown'}), Node ${process.version}; load average (1 / 5 / 15 min) ${loadBefore} before, ${load()} after. Other processes share these cores: compare ratios, not absolute figures.`,
    '',
    `Targets (issue 13): public reads at least ${TARGETS.publicRatio}x the bare process, p99 at most ${TARGETS.publicP99Ms} ms at 10 connections and no errors at 50; signed-in reads p99 at most ${TARGETS.signedInP99Ms} ms.`,
    '',
    table,
    '',
    '## Before (issue 13, same method)',
    '',
    '| read | ours req/s | ours p99 | bare req/s | ratio |',
    '| --- | --- | --- | --- | --- |',
    '| GET restaurants/all (3 KiB) | 853 | 26 ms | 14,530 | 0.06 |',
    '| GET restaurants/16/menu?fulfillment_type=delivery (7 KiB) | 208 | 104 ms | 21,635 | 0.01 |',
    '',
  ].join('\n');
  mkdirSync(path.join(root, 'docs/benchmarks'), { recursive: true });
  writeFileSync(path.join(root, 'docs/benchmarks/api.md'), markdown);
  console.log(`\n${table}\n\nWritten to docs/benchmarks/api.md`);
}

// The page-speed half (Lighthouse) lives in scripts/bench/lighthouse.ts when present: it exports
// benchLighthouse() and writes its own table to docs/benchmarks/.
const lighthouseModule = path.join(root, 'scripts/bench/lighthouse.ts');
if (only !== 'api' && existsSync(lighthouseModule)) {
  const lighthouse = (await import(lighthouseModule)) as { benchLighthouse?: () => Promise<void> };
  await lighthouse.benchLighthouse?.();
}
