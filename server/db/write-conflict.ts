/**
 * Did a write lose a race with a concurrent one? Unique violation, serialization failure and
 * deadlock are what two requests changing the same rows at once can meet on PostgreSQL: the
 * client retries (409), it is not a fault of ours (5xx). Flows that expect a twin handle it
 * themselves (see services/orders/order-edit.ts); this is the net under the rest.
 */
const CONFLICT_CODES = new Set(['23505', '40001', '40P01']);

/** True when `error` or any error in its `cause` chain (drizzle wraps the driver's) is such a race. */
export function isConcurrentWriteConflict(error: unknown): boolean {
  const seen = new Set<unknown>();
  let current: unknown = error;
  while (current && typeof current === 'object' && !seen.has(current)) {
    seen.add(current);
    const { code } = current as { code?: unknown };
    if (typeof code === 'string' && CONFLICT_CODES.has(code)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
