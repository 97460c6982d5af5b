import { createHash } from 'node:crypto';
import type pg from 'pg';

/** Distinct SQL texts given a name; past this, a text is parsed per query as before. */
const MAX_STATEMENTS = 500;

/**
 * On a PostgreSQL server the parse and plan of these small queries cost more than running them
 * (decision 10). node-postgres parses a named query once per connection and then only binds and
 * executes it, so the pool given to drizzle names each SQL text after its hash: the same text is
 * always the same name, and two texts never share one. Transactions check out their own client
 * and keep unnamed queries.
 */
export function poolWithNamedStatements(pool: pg.Pool): pg.Pool {
  const names = new Map<string, string>();
  const nameOf = (text: string) => {
    let name = names.get(text);
    if (name === undefined && names.size < MAX_STATEMENTS) {
      name = `q_${createHash('sha1').update(text).digest('hex')}`;
      names.set(text, name);
    }
    return name;
  };

  function query(config: unknown, ...rest: unknown[]) {
    const { text, name: given } = (config ?? {}) as { text?: unknown; name?: unknown };
    const name = typeof text === 'string' && !given ? nameOf(text) : undefined;
    if (name) return pool.query({ ...(config as pg.QueryConfig), name }, ...(rest as []));
    return pool.query(config as string, ...(rest as []));
  }

  return new Proxy(pool, {
    get(target, property) {
      if (property === 'query') return query;
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}
