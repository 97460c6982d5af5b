import {
  parse,
  protocol,
  type PGlite,
  type QueryOptions,
  type Results,
} from '@electric-sql/pglite';

/** Distinct SQL texts kept as named statements; past this, a text is parsed per query as before. */
const MAX_STATEMENTS = 500;

interface Statement {
  name: string;
  paramTypes: number[];
}

/** Statement names are unique in the process, so two wrappers of one client never clash. */
let statementCount = 0;

const { serialize } = protocol;

/** feature_not_supported: PostgreSQL's answer to a statement whose tables changed shape. */
const CACHED_PLAN_CHANGED = '0A000';

/**
 * PGlite's query() parses and plans its SQL on every call, in six calls into WebAssembly (Parse,
 * Describe, Bind, Describe, Execute, Sync). The queries of a request repeat a few SQL texts, so
 * the client given to drizzle parses each text once as a named statement and then runs it in one
 * call (Bind, Describe, Execute, Sync); PostgreSQL also keeps its plan. A PostgreSQL server gets
 * the same from drizzle's prepared queries (server/services/sessions.ts).
 *
 * Only queries outside a transaction take this path: a transaction's queries go through its own
 * object, unchanged. Anything unusual (options this path does not handle, a text that does not
 * parse) goes to query() itself, so its errors are PGlite's own.
 */
export function withNamedStatements(client: PGlite): PGlite {
  /** Each SQL text's statement, or null for a text that does not parse as one statement. */
  const statements = new Map<string, Statement | null>();

  const exclusive = <T>(run: () => Promise<T>) =>
    client._runExclusiveTransaction(() => client._runExclusiveQuery(run));

  async function prepare(text: string): Promise<Statement | undefined> {
    if (statements.size >= MAX_STATEMENTS) return undefined;
    statementCount += 1;
    const name = `sfoglia_${statementCount}`;
    return exclusive(async () => {
      try {
        const { messages } = await client.execProtocol(
          concat(serialize.parse({ name, text }), serialize.describe({ type: 'S', name })),
          { syncToFs: false },
        );
        const statement = { name, paramTypes: parse.parseDescribeStatementResults(messages) };
        statements.set(text, statement);
        return statement;
      } catch {
        statements.set(text, null);
        return undefined;
      } finally {
        // Within the same turn: a failed Parse leaves the session ready for the next query.
        await client.execProtocol(serialize.sync(), { syncToFs: false });
      }
    });
  }

  async function query<T>(text: string, params: unknown[] = [], options?: QueryOptions) {
    if (options?.blob || options?.paramTypes) return client.query<T>(text, params, options);
    const known = statements.get(text);
    const statement = known === undefined ? await prepare(text) : known;
    if (!statement) return client.query<T>(text, params, options);
    const values = params.map((param, i) => {
      if (param === null || param === undefined) return null;
      const type = statement.paramTypes[i] ?? 0;
      const serializer = options?.serializers?.[type] ?? client.serializers[type];
      return serializer ? serializer(param) : String(param);
    });
    try {
      const { messages } = await exclusive(() =>
        client.execProtocol(
          concat(
            serialize.bind({ statement: statement.name, values }),
            serialize.describe({ type: 'P' }),
            serialize.execute({}),
            serialize.sync(),
          ),
          {},
        ),
      );
      return parse.parseResults(
        messages,
        parsersOf(client, options),
        options && { ...options, parsers: undefined },
      )[0] as Results<T>;
    } catch (error) {
      // A table changed under the statement ("cached plan must not change result type"): forget
      // it and run the text afresh.
      if ((error as { code?: string }).code === CACHED_PLAN_CHANGED) {
        statements.delete(text);
        return client.query<T>(text, params, options);
      }
      // The query's own error, with what query() adds to it (its text, parameters and options).
      throw Object.assign(error as object, { query: text, params, queryOptions: options });
    }
  }

  return new Proxy(client, {
    get(target, property) {
      if (property === 'query') return query;
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

/**
 * The query's type parsers in front of the client's. Drizzle gives every query a few of its own
 * (dates and timestamps as text), and parseResults would merge them into a fresh copy of the
 * client's whole table on every query: about 60 µs, more than a small query itself. A prototype
 * chain answers the same lookups (`parsers[type]`) without the copy.
 */
function parsersOf(client: PGlite, options: QueryOptions | undefined): PGlite['parsers'] {
  if (!options?.parsers) return client.parsers;
  return Object.assign(Object.create(client.parsers) as PGlite['parsers'], options.parsers);
}

function concat(...parts: Uint8Array[]): Uint8Array {
  return Buffer.concat(parts);
}
