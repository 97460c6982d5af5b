/**
 * The time an API test that takes a clock starts at: now, or `SFOGLIA_TEST_NOW` (an ISO instant)
 * when set, so a date-dependent test can be run as on any day of the year
 * (`SFOGLIA_TEST_NOW=2026-12-24T09:00:00Z npx vitest run --project api ...`).
 */
export function testNow(): Date {
  const fixed = process.env.SFOGLIA_TEST_NOW;
  if (!fixed) return new Date();
  const instant = new Date(fixed);
  if (Number.isNaN(instant.getTime())) throw new Error(`SFOGLIA_TEST_NOW is not a time: ${fixed}`);
  return instant;
}
