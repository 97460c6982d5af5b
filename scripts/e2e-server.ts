import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

// Every end-to-end run starts from a fresh database: a new PGlite directory, migrated and seeded
// on start, and removed when Playwright stops the server (about 40 MB a run otherwise).
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'sfoglia-e2e-'));
process.on('exit', () => rmSync(dataDir, { recursive: true, force: true }));
process.env.DATA_DIR = dataDir;
// The tests expect the defaults: this fresh database (not a DATABASE_URL from the shell), the
// seeded postcode directory (no network here), the demo banner (off in production), and email
// links that point at this server; the development tools (mailbox, billing runs) are on.
for (const name of ['DATABASE_URL', 'POSTCODE_API_URL', 'SMTP_URL', 'DEMO_BANNER'])
  delete process.env[name];
// The development mailbox API (GET /api/v2/dev/emails): tests read emailed links from it.
process.env.DEV_TOOLS = 'true';
process.env.NODE_ENV = 'test';
process.env.PORT ??= '4173';
process.env.PUBLIC_URL = `http://localhost:${process.env.PORT}`;
process.env.LOG_LEVEL ??= 'warn';
// Every test signs up from 127.0.0.1: far more than the per-address limit of a real client.
process.env.SIGN_UP_LIMIT ??= '1000';
// The kitchen simulator (off under NODE_ENV=test) runs fast here: a paid delivery is accepted,
// prepared, driven and delivered in about 16 s, long enough for the tracking page's 10 s poll to
// see it out for delivery.
// Paid orders' confirmation emails (off under NODE_ENV=test) reach the mailbox within a second.
process.env.ORDER_EMAILS = 'true';
process.env.ORDER_EMAILS_INTERVAL_MS = '500';
process.env.KITCHEN_SIMULATOR = 'true';
process.env.KITCHEN_TICK_MS = '500';
process.env.KITCHEN_ACCEPT_MS = '1000';
process.env.KITCHEN_PREP_MS = '1500';
process.env.KITCHEN_DRIVE_MS = '14000';
await import('../server/main');
