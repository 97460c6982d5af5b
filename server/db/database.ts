import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { DatabaseAvailability } from './availability';
import { withNamedStatements } from './pglite-named-statements';
import { poolWithNamedStatements } from './pg-named-statements';
import * as schema from './schema';

/** The one query layer: the same drizzle API over PGlite or a PostgreSQL server. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
export type Queryable = Database | Transaction;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** Whether the database is reachable, as the pool and the requests last saw it. */
  availability: DatabaseAvailability;
  migrate(): Promise<void>;
  close(): Promise<void>;
}

/** `select 1` within `timeoutMs`: rejects when the database does not answer in time. */
export async function pingDatabase(handle: DatabaseHandle, timeoutMs: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(Object.assign(new Error('Connection timeout'), { code: 'ETIMEDOUT' })),
      timeoutMs,
    );
  });
  try {
    await Promise.race([handle.db.execute(sql`select 1`), timeout]);
    handle.availability.reportUp();
  } finally {
    clearTimeout(timer);
  }
}

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

export function fromPglite(client: PGlite): DatabaseHandle {
  const db = drizzlePglite(withNamedStatements(client), { schema });
  return {
    db,
    kind: 'pglite',
    availability: new DatabaseAvailability(),
    migrate: () => migratePglite(db, { migrationsFolder }),
    close: () => client.close(),
  };
}

export function fromPostgres(url: string): DatabaseHandle {
  const pool = new pg.Pool({
    connectionString: url,
    max: Number(process.env.DATABASE_POOL_SIZE ?? 10),
    // During an outage a request fails fast (a 503) instead of waiting on a connection forever.
    connectionTimeoutMillis: Number(process.env.DATABASE_TIMEOUT_MS) || 2000,
  });
  const availability = new DatabaseAvailability();
  // Without these listeners a connection lost while idle, or while checked out between two
  // queries, is an 'error' event nobody handles: the process would exit on the first outage.
  const onError = (error: Error) => availability.reportDown(error);
  pool.on('error', onError);
  pool.on('connect', (client) => {
    client.on('error', onError);
    availability.reportUp();
  });
  const db = drizzlePg(poolWithNamedStatements(pool), { schema });
  return {
    db,
    kind: 'postgres',
    availability,
    migrate: () => migratePg(db, { migrationsFolder }),
    close: () => pool.end(),
  };
}

/** DATABASE_URL selects a PostgreSQL server; otherwise PGlite keeps its files in dataDir/pglite. */
export async function openDatabase(options: {
  databaseUrl: string | undefined;
  dataDir: string;
}): Promise<DatabaseHandle> {
  if (options.databaseUrl) return fromPostgres(options.databaseUrl);
  await mkdir(options.dataDir, { recursive: true });
  const client = await PGlite.create(path.join(options.dataDir, 'pglite'));
  return fromPglite(client);
}
