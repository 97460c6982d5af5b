import { PublicReadCache } from '../../../server/services/cache/public-read-cache';
import { useTestApp } from './test-app';

/**
 * The app with a clock that runs with real time and is moved on by `advance`, and the public-read
 * cache it uses, whose freshness windows follow that clock (R13.4).
 */
export function withMovableClock() {
  let offsetMs = 0;
  const now = () => new Date(Date.now() + offsetMs);
  const publicReads = new PublicReadCache(() => now().getTime());
  const testApp = useTestApp({ overrides: { now, publicReads } });
  const advance = (ms: number) => {
    offsetMs += ms;
  };
  return { testApp, publicReads, now, advance };
}
