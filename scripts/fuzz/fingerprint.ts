import { sql } from 'drizzle-orm';
import type { Database } from '../../server/db/database';

/**
 * A cheap fingerprint of every table: its row count and the newest row version (xmin). Any
 * committed insert or update raises the newest xmin; a delete lowers the count.
 */
export async function tableFingerprint(
  db: Database,
  tables: string[],
): Promise<Map<string, string>> {
  const parts = tables.map(
    (table) =>
      `select '${table}' as name, count(*)::text || ':' || coalesce(max(xmin::text::bigint), 0)::text as print from "${table}"`,
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
