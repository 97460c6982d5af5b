import { sql } from 'drizzle-orm';
import type { Database } from '../../server/db/database';

/**
 * A cheap fingerprint of every table: its row count and the newest row version (xmin). Any
 * committed insert or update raises the newest xmin; a delete lowers the count.
 */
/**
 * Tables that the server updates in the background: the mailer's delivery marks queued emails
 * sent whenever it runs, so a refused request that follows an accepted one could see their rows
 * change. For these only a new row (an email queued by the refused request) counts as a write.
 */
const COUNTED_ONLY = new Set(['email_outbox']);

export async function tableFingerprint(
  db: Database,
  tables: string[],
): Promise<Map<string, string>> {
  const parts = tables.map((table) =>
    COUNTED_ONLY.has(table)
      ? `select '${table}' as name, count(*)::text as print from "${table}"`
      : `select '${table}' as name, count(*)::text || ':' || coalesce(max(xmin::text::bigint), 0)::text as print from "${table}"`,
  );
  const result = await db.execute(sql.raw(parts.join(' union all ')));
  const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as {
    name: string;
    print: string;
  }[];
  return new Map(rows.map((row) => [row.name, row.print]));
}

export async function listTables(db: Database): Promise<string[]> {
  const result = await db.execute(
    sql`select tablename from pg_tables where schemaname = 'public' order by tablename`,
  );
  const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as {
    tablename: string;
  }[];
  return rows.map((row) => row.tablename);
}

/** The tables whose fingerprint differs. */
export function changedTables(before: Map<string, string>, after: Map<string, string>): string[] {
  return [...after.keys()].filter((name) => before.get(name) !== after.get(name));
}
