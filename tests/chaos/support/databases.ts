import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

type Row = Record<string, unknown>;

/** Where a chaos server keeps its data, and a way to read it back once the server is stopped. */
export interface Target {
  name: string;
  env: Record<string, string>;
  query(sql: string): Promise<Row[]>;
  dispose(): Promise<void>;
}

/** PGlite files in a fresh temp DATA_DIR (read back only while no server has them open). */
export function pgliteTarget(): Target {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'sfoglia-chaos-'));
  return {
    name: 'PGlite',
    env: { DATA_DIR: dir },
    async query(sql) {
      const client = await PGlite.create(path.join(dir, 'pglite'));
      try {
        return (await client.query<Row>(sql)).rows;
      } finally {
        await client.close();
      }
    },
    async dispose() {
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

const SHARED_SERVER =
  process.env.CHAOS_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

async function onServer<T>(url: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/**
 * A fresh database with a random name on the shared PostgreSQL server, dropped afterwards:
 * killing our node process never touches that server.
 */
export async function sharedPostgresTarget(): Promise<Target> {
  const name = `sfoglia_chaos_${randomBytes(6).toString('hex')}`;
  await onServer(SHARED_SERVER, (client) => client.query(`CREATE DATABASE ${name}`));
  const url = new URL(SHARED_SERVER);
  url.pathname = `/${name}`;
  return {
    name: 'PostgreSQL',
    env: { DATABASE_URL: url.toString() },
    query: (sql) => onServer(url.toString(), async (client) => (await client.query<Row>(sql)).rows),
    async dispose() {
      await onServer(SHARED_SERVER, (client) =>
        client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
      );
    },
  };
}

function postgresBin(): string {
  if (process.env.PG_BIN) return process.env.PG_BIN;
  const root = '/usr/lib/postgresql';
  const versions = execFileSync('ls', [root]).toString().trim().split('\n').sort();
  return path.join(root, versions.at(-1)!, 'bin');
}

/**
 * A private PostgreSQL instance on its own port (never the shared 5432), in a temp directory,
 * run as the postgres user when we are root (initdb refuses root). The test stops and removes it.
 *
 * Its port sits below Linux's ephemeral range (32768 to 60999): a port in that range can be the
 * local end of any outgoing connection of the suites before, and then PostgreSQL cannot listen.
 */
export class PrivatePostgres {
  readonly dir = mkdtempSync(path.join(os.tmpdir(), 'sfoglia-chaos-pg-'));
  private readonly bin = postgresBin();

  constructor(readonly port = Number(process.env.CHAOS_PG_PORT ?? 25432)) {}

  get url() {
    return `postgres://postgres@127.0.0.1:${this.port}/postgres`;
  }

  private run(command: string, args: string[]) {
    const full = [path.join(this.bin, command), ...args];
    if (process.getuid?.() === 0) {
      const quoted = full.map((part) => `'${part.replace(/'/g, `'\\''`)}'`).join(' ');
      execFileSync('su', ['postgres', '-c', quoted], { stdio: 'pipe' });
    } else {
      execFileSync(full[0]!, full.slice(1), { stdio: 'pipe' });
    }
  }

  init() {
    if (process.getuid?.() === 0) {
      chmodSync(this.dir, 0o777);
      execFileSync('chown', ['postgres', this.dir]);
    }
    const data = path.join(this.dir, 'data');
    this.run('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync']);
    this.start();
  }

  start() {
    const options = `-p ${this.port} -k ${this.dir} -c listen_addresses=127.0.0.1 -c fsync=off`;
    const log = path.join(this.dir, 'log');
    try {
      this.run('pg_ctl', [
        '-D',
        path.join(this.dir, 'data'),
        '-o',
        options,
        '-l',
        log,
        '-w',
        'start',
      ]);
    } catch (error) {
      // pg_ctl says only "could not start server"; the reason is in the server's log.
      const reason = existsSync(log) ? readFileSync(log, 'utf8').trim().split('\n').slice(-5) : [];
      throw new Error([`PostgreSQL did not start on port ${this.port}:`, ...reason].join('\n'), {
        cause: error,
      });
    }
  }

  stop(mode: 'fast' | 'immediate') {
    this.run('pg_ctl', ['-D', path.join(this.dir, 'data'), '-m', mode, '-w', 'stop']);
  }

  /** Always safe to call: stops the instance if it runs and removes its files. */
  teardown() {
    try {
      this.stop('immediate');
    } catch {
      // Not running.
    }
    rmSync(this.dir, { recursive: true, force: true });
  }
}
