import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withNamedStatements } from '../../server/db/pglite-named-statements';

let client: PGlite;
let named: PGlite;

// Starting PGlite compiles its WebAssembly: seconds on a busy 2-core machine, as the API files allow.
beforeAll(async () => {
  client = await PGlite.create();
  named = withNamedStatements(client);
  await client.exec('create table dishes (id int primary key, title text not null)');
}, 60_000);
afterAll(() => client.close());

describe('withNamedStatements', () => {
  it('answers as query() does, the first time and every time after', async () => {
    const text = 'select $1::int + 1 as next, $2::text as title, now() > $3 as later';
    const params = [41, 'Cacio e Pepe', new Date(0)];

    const plain = await client.query(text, params, { rowMode: 'array' });
    const first = await named.query(text, params, { rowMode: 'array' });
    const again = await named.query(text, params, { rowMode: 'array' });

    expect(first.rows).toEqual([[42, 'Cacio e Pepe', true]]);
    expect(first).toEqual(plain);
    expect(again).toEqual(plain);
  });

  it("reads with the query's own type parsers in front of the client's, as query() does", async () => {
    // Drizzle's way: timestamps as text, every other type by the client's parsers.
    const options = { parsers: { 1184: (value: string) => `at ${value}` } };
    const text =
      "select '2026-11-29 12:00:00+00'::timestamptz as at, 7::int as n, '{\"a\":1}'::json as j";

    const plain = await client.query(text, [], options);
    const viaNamed = await named.query(text, [], options);
    const withoutParsers = await named.query(text);

    expect(viaNamed.rows).toEqual(plain.rows);
    expect(viaNamed.rows).toEqual([{ at: 'at 2026-11-29 12:00:00+00', n: 7, j: { a: 1 } }]);
    expect(withoutParsers.rows[0]).toMatchObject({ n: 7, j: { a: 1 } });
    expect((withoutParsers.rows[0] as { at: unknown }).at).toBeInstanceOf(Date);
  });

  it('writes, and raises a query error with its code, as query() does', async () => {
    const insert = 'insert into dishes (id, title) values ($1, $2)';
    await named.query(insert, [1, 'Carbonara']);

    const duplicate = named.query(insert, [1, 'Carbonara']);

    await expect(duplicate).rejects.toMatchObject({ code: '23505', query: insert });
    expect((await named.query('select title from dishes where id = $1', [1])).rows).toEqual([
      { title: 'Carbonara' },
    ]);
  });

  it('leaves a text that is not one statement to query(), with its error', async () => {
    await expect(named.query('select from where')).rejects.toMatchObject({ code: '42601' });
    await expect(named.query('select 1; select 2')).rejects.toThrow();
    expect((await named.query('select 3 as n')).rows).toEqual([{ n: 3 }]);
  });

  it('follows a table that changed shape after its statement was named', async () => {
    const text = 'select * from dishes where id = $1';
    await named.query(text, [1]);

    await client.exec('alter table dishes add column price int not null default 900');

    expect((await named.query(text, [1])).rows).toEqual([
      { id: 1, title: 'Carbonara', price: 900 },
    ]);
  });
});
