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
    'Signed-in reads before their queries were cut (2026-11-24 18:49 UTC on PGlite, load average 11; 20:15 UTC on the PostgreSQL server, load average 8 to 15: same method, 5 s at 10 connections):',
    '',
    '| read | PGlite req/s | PGlite p99 | PostgreSQL req/s | PostgreSQL p99 | queries, before → now |',
    '| --- | --- | --- | --- | --- | --- |',
    '| GET me | 482 | 91 ms | 175 | 208 ms | 1 → 1 |',
    '| GET baskets/{id} | 131 | 188 ms | 180 | 182 ms | 6 → 3 |',
    '| GET orders | 42 | 801 ms | 72 | 572 ms | 7 → 3 |',
    '',
    'Before cache hits were answered ahead of Fastify and queries became named statements (2026-11-28 morning, PGlite, a quiet machine: the bare process at about 60,000 req/s): the public reads at 21,000 to 29,000 req/s, ratios 0.35 to 0.46; signed-in reads:',
    '',
    '| read | PGlite req/s | PGlite p99 |',
    '| --- | --- | --- |',
    '| GET me | 1,037 | 23 ms |',
    '| GET baskets/{id} | 421 | 49 ms |',
    '| GET orders | 235 | 108 ms |',
    '',
    'GET orders before it read its orders in one query whose JSON the database builds (decision 0010, update of 2026-11-29; a slow machine, the bare process at about 16,000 req/s; the old and new code alternated, 8 s at 10 connections on PGlite): 115 to 132 req/s, 9 ms of server CPU per request; after, 198 to 222 req/s, 5.5 ms.',
    '',
    "Signed-in reads before PGlite queries stopped copying its whole type-parser table and the order views looked up each order's lines by index (decision 0010, later update of 2026-11-29; `npm run bench` at 23:02 UTC that day on PGlite, a quiet machine, the bare process at 77,000 to 94,000 req/s): GET me 3,537 req/s, p99 6 ms; GET baskets/{id} 1,127 req/s, 17 ms; GET orders 953 req/s, 20 ms.",
    '',
  ].join('\n');
  // One file per database, so a run on one keeps the other's figures.
  const file = process.env.BENCH_DATABASE_URL ? 'api-postgresql.md' : 'api.md';
  mkdirSync(path.join(root, 'docs/benchmarks'), { recursive: true });
  writeFileSync(path.join(root, 'docs/benchmarks', file), markdown);
  console.log(`\n${table}\n\nWritten to docs/benchmarks/${file}`);
}

// The page-speed half (Lighthouse) lives in scripts/bench/lighthouse.ts when present: it exports
// benchLighthouse() and writes its own table to docs/benchmarks/.
const lighthouseModule = path.join(root, 'scripts/bench/lighthouse.ts');
if (only !== 'api' && existsSync(lighthouseModule)) {
  const lighthouse = (await import(lighthouseModule)) as { benchLighthouse?: () => Promise<void> };
  await lighthouse.benchLighthouse?.();
}
