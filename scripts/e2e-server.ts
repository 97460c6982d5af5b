import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

// Every end-to-end run starts from a fresh database: a new PGlite directory, migrated and seeded on start.
process.env.DATA_DIR = mkdtempSync(path.join(os.tmpdir(), 'sfoglia-e2e-'));
process.env.PORT ??= '4173';
process.env.PUBLIC_URL ??= `http://localhost:${process.env.PORT}`;
process.env.LOG_LEVEL ??= 'warn';
await import('../server/main');
