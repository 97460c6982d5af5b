import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import type { DatabaseHandle } from '../../server/db/database';
import { redactUrl, scrubText } from '../../server/http/log-redaction';
import { signupBody } from './support/customers';
import { createTestDatabase } from './support/test-database';

const lines: string[] = [];
const logStream = new Writable({
  write(chunk: Buffer, _encoding, done) {
    lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
    done();
  },
});
const records = () => lines.map((line) => JSON.parse(line) as Record<string, unknown>);

let database: DatabaseHandle;
let app: FastifyInstance;

beforeAll(async () => {
  database = await createTestDatabase();
  // Every new customer row fails, as a broken deploy or a full disk would, and PostgreSQL's
  // error detail names the email (as a unique violation's "Key (email)=(...)" does).
  await database.db.execute(sql`
    CREATE FUNCTION refuse_customer() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      RAISE EXCEPTION 'customers are closed' USING DETAIL = 'Key (email)=(' || NEW.email || ')';
    END $$`);
  await database.db.execute(
    sql`CREATE TRIGGER refuse_customer BEFORE INSERT ON customers FOR EACH ROW EXECUTE FUNCTION refuse_customer()`,
  );
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'info', DEV_TOOLS: 'true' });
  app = await buildApp({ config, database, serveSpa: false, logStream });
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  await database?.close();
});

describe('the error log of a failed query', () => {
  it('holds the error and the request id, and none of the secret parameters', async () => {
    const body = signupBody({ password: 'correct-horse-battery-42' });
    const response = await app.inject({
      method: 'POST',
      url: '/api/v2/customers',
      headers: {
        'x-branch': 'web',
        cookie: 'sfoglia_session=session-secret-abc',
        authorization: 'Bearer token-secret-xyz',
      },
      payload: body,
    });
    expect(response.statusCode).toBe(500);
    expect(response.body).not.toContain(body.email);

    const errors = records().filter((record) => record.level === 50);
    expect(errors).toHaveLength(1);
    const [error] = errors;
    // Still useful: which request, which query, what PostgreSQL said.
    expect(typeof error?.reqId).toBe('string');
    const incoming = records().find((record) => record.msg === 'incoming request');
    expect(error?.reqId).toBe(incoming?.reqId);
    const logged = JSON.stringify(error);
    expect(logged).toContain('Failed query: insert into \\"customers\\"');
    expect(logged).toContain('customers are closed');
    expect(logged).toContain('params: [redacted]');

    const all = lines.join('\n');
    for (const secret of [
      body.email,
      body.email.split('@')[0]!,
      body.password,
      '$argon2',
      body.first_name,
      body.last_name,
      'session-secret-abc',
      'token-secret-xyz',
    ])
      expect(all, secret).not.toContain(secret);
  });

  it('keeps query values out of the request lines', async () => {
    lines.length = 0;
    await app.inject({ method: 'GET', url: '/api/v2/dev/emails?to=victim%40example.com' });
    const all = lines.join('\n');
    expect(all).toContain('/api/v2/dev/emails?to=[redacted]');
    expect(all).not.toContain('victim');
  });
});

describe('scrubbing', () => {
  it('removes params, hashes, emails and bearer tokens from any text', () => {
    const text =
      'Failed query: insert into "customers" ("email") values ($1)\nparams: ada@example.com,$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA,Ada';
    expect(scrubText(text)).toBe(
      'Failed query: insert into "customers" ("email") values ($1)\nparams: [redacted]',
    );
    expect(scrubText('to bob.smith+x@mail.example.co.uk failed')).toBe('to [redacted] failed');
    expect(scrubText('hash $argon2id$v=19$m=1$abc$def here')).toBe('hash [redacted] here');
    expect(scrubText('Authorization: Bearer abc.def-ghi')).toBe('Authorization: Bearer [redacted]');
    expect(redactUrl('/reset-password?token=abc&token=def&x=1')).toBe(
      '/reset-password?token=[redacted]&x=[redacted]',
    );
    expect(redactUrl('/login?token=abc&returnTo=%2Fcheckout')).toBe(
      '/login?token=[redacted]&returnTo=[redacted]',
    );
    expect(redactUrl('/menu')).toBe('/menu');
  });
});
