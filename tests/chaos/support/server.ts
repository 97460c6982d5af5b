import { spawn, type ChildProcess } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';

/** Ports of the outage engineer's chaos servers (never 3000, 4173 or 5432). */
export const CHAOS_PORT = Number(process.env.CHAOS_PORT ?? 4302);

/** A fresh PGlite migrates and seeds first: about 60 s on a busy 2-core machine. */
const STARTUP_TIMEOUT_MS = Number(process.env.CHAOS_STARTUP_TIMEOUT_MS ?? 240_000);

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  /** Everything the server wrote to stdout and stderr. */
  output: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/**
 * The real server (`node --import tsx server/main.ts`) as a child process, the reconciler's
 * bounds short so a crashed payment is settled within seconds. Resolves once it answers
 * /health/live.
 */
export async function startServer(env: Record<string, string>): Promise<ServerProcess> {
  const port = env.PORT ?? String(CHAOS_PORT);
  const base = { ...process.env };
  delete base.DATABASE_URL;
  delete base.TEST_DATABASE_URL;
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: {
      ...base,
      PORT: port,
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      NODE_ENV: 'test',
      BILLING_JOB: 'false',
      DEV_TOOLS: 'true',
      // The load signs up dozens of customers from 127.0.0.1.
      SIGN_UP_LIMIT: '100000',
      LOG_LEVEL: 'warn',
      PAYMENT_RECONCILE_INTERVAL_MS: '1000',
      PAYMENT_PROCESSING_TIMEOUT_MS: '2000',
      PAYMENT_ACTION_TIMEOUT_MS: '5000',
      SHUTDOWN_TIMEOUT_MS: '10000',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const chunks: string[] = [];
  child.stdout!.on('data', (chunk: Buffer) => chunks.push(chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => chunks.push(chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const server: ServerProcess = {
    url: `http://127.0.0.1:${port}`,
    child,
    output: () => chunks.join(''),
    exited,
  };
  const deadline = Date.now() + STARTUP_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`the server exited while starting:\n${server.output()}`);
    try {
      const response = await fetch(`${server.url}/health/live`, {
        signal: AbortSignal.timeout(1000),
      });
      if (response.ok) return server;
    } catch {
      // Not listening yet.
    }
    await sleep(200);
  }
  child.kill('SIGKILL');
  throw new Error(
    `the server did not start within ${STARTUP_TIMEOUT_MS / 1000} s:\n${server.output()}`,
  );
}

/** kill -9: no drain, no close, as a crash or an OOM kill would leave things. */
export async function killHard(server: ServerProcess) {
  if (server.child.exitCode === null && server.child.signalCode === null)
    server.child.kill('SIGKILL');
  await server.exited;
}

/** SIGTERM, then the exit code (a drain that hangs past `timeoutMs` is killed and fails). */
export async function stopGracefully(server: ServerProcess, timeoutMs = 20_000) {
  if (server.child.exitCode !== null || server.child.signalCode !== null) return server.exited;
  server.child.kill('SIGTERM');
  const timer = setTimeout(() => server.child.kill('SIGKILL'), timeoutMs);
  const result = await server.exited;
  clearTimeout(timer);
  return result;
}
