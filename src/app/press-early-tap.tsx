import { useEffect } from 'react';

declare global {
  interface Window {
    /** Written by a drawn page's boot script (server/http/screen-render.ts); src/main.tsx stops it. */
    sfogliaEarlyTap?: { button?: HTMLElement; stop: () => void };
  }
}

/**
 * Product rule R14.14: a button tapped on a drawn screen before the app ran is pressed again once
 * the screen is the app's. Rendered inside the screens' Suspense boundary, so its effect runs when
 * the screen has hydrated, not before (React drops a tap on a part it has not hydrated yet).
 */
export function PressEarlyTap() {
  useEffect(() => {
    const early = window.sfogliaEarlyTap;
    const button = early?.button;
    if (early) early.button = undefined;
    if (button?.isConnected) button.click();
  }, []);
  return null;
}
