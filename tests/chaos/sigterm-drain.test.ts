import http from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signupBody } from './support/browser';
import { sharedPostgresTarget, type Target } from './support/databases';
import { killHard, startServer, type ServerProcess } from './support/server';

/** A POST whose body arrives in two halves, so the request is in flight while we signal. */
function slowPost(url: string, body: unknown) {
  const payload = Buffer.from(JSON.stringify(body));
  const request = http.request(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'content-length': payload.length,
      'x-branch': 'web',
    },
  });
  const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
    request.on('response', (response) => {
      let text = '';
      response.on('data', (chunk: Buffer) => (text += chunk.toString()));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }));
    });
    request.on('error', reject);
  });
  const half = Math.floor(payload.length / 2);
  request.write(payload.subarray(0, half));
  return { finish: () => request.end(payload.subarray(half)), answer };
}

describe('SIGTERM', () => {
  let target: Target;
  let server: ServerProcess | undefined;
  // A fresh database on the shared PostgreSQL server: it starts faster than a fresh PGlite.
  beforeAll(async () => {
    target = await sharedPostgresTarget();
  });
  afterAll(async () => {
    if (server) await killHard(server);
    await target.dispose();
  });

  it('lets a request in flight complete, refuses new connections, then exits 0', async () => {
    server = await startServer(target.env);
    const body = signupBody();
    const inFlight = slowPost(`${server.url}/api/v2/customers`, body);
    await sleep(300);

    server.child.kill('SIGTERM');
    await sleep(700);
    expect(server.child.exitCode, 'still draining').toBeNull();
    await expect(fetch(`${server.url}/health/live`)).rejects.toThrow();
    inFlight.finish();

    const answer = await inFlight.answer;
    expect(answer.status, answer.body).toBe(201);
    expect(await server.exited).toEqual({ code: 0, signal: null });
    const rows = await target.query(`SELECT email FROM customers WHERE email = '${body.email}'`);
    expect(rows).toHaveLength(1);
  });
});
