import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

// The production server for `npm run bench`: NODE_ENV=production, no development tools, and a
// fresh PGlite database removed on exit (or BENCH_DATABASE_URL, a fresh database you created).
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'sfoglia-bench-'));
process.on('exit', () => rmSync(dataDir, { recursive: true, force: true }));
for (const name of ['DATABASE_URL', 'POSTCODE_API_URL', 'SMTP_URL', 'STRIPE_SECRET_KEY'])
  delete process.env[name];
if (process.env.BENCH_DATABASE_URL) process.env.DATABASE_URL = process.env.BENCH_DATABASE_URL;
process.env.DATA_DIR = dataDir;
process.env.NODE_ENV = 'production';
process.env.DEV_TOOLS = 'false';
process.env.LOG_LEVEL = 'warn';
process.env.PUBLIC_URL = `http://localhost:${process.env.PORT}`;
process.env.RELAY_SECRET ??= randomBytes(24).toString('hex');
await import('../../server/main');
