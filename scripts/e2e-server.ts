import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

// Every end-to-end run starts from a fresh database: a new PGlite directory, migrated and seeded
// on start, and removed when Playwright stops the server (about 40 MB a run otherwise).
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'sfoglia-e2e-'));
process.on('exit', () => rmSync(dataDir, { recursive: true, force: true }));
process.env.DATA_DIR = dataDir;
// The tests expect the defaults: this fresh database (not a DATABASE_URL from the shell), the
// seeded postcode directory (no network here), the development mailbox and the demo banner
// (both off in production), and email links that point at this server.
for (const name of ['DATABASE_URL', 'POSTCODE_API_URL', 'SMTP_URL', 'MAILBOX', 'DEMO_BANNER'])
  delete process.env[name];
process.env.NODE_ENV = 'test';
process.env.PORT ??= '4173';
process.env.PUBLIC_URL = `http://localhost:${process.env.PORT}`;
process.env.LOG_LEVEL ??= 'warn';
await import('../server/main');
