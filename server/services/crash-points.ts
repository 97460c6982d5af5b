/**
 * Named places where a fault test kills the process as `kill -9` would (issue 9: a crash between
 * the gateway's charge and recording it). Only under NODE_ENV=test and only for the point named by
 * SFOGLIA_CRASH_POINT, read at each call so a test can start a child process with it; a no-op
 * everywhere else, production included.
 */
export function crashPoint(name: string): void {
  if (process.env.NODE_ENV !== 'test' || process.env.SFOGLIA_CRASH_POINT !== name) return;
  process.kill(process.pid, 'SIGKILL');
}
