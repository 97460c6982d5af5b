import { useEffect } from 'react';

declare global {
  interface Window {
    /**
     * Written by a drawn page's boot script (server/http/screen-render.ts): the last button tapped
     * before the screen hydrated; `app` once the app runs (src/main.tsx).
     */
    sfogliaEarlyTap?: { button?: HTMLElement; app?: boolean; stop: () => void };
  }
}

/**
 * Product rule R14.14: a button tapped on a drawn screen before the app ran, or before the screen
 * hydrated (React drops a tap on a part it has not hydrated yet), is pressed again once the screen
 * is the app's. Rendered inside the screens' Suspense boundary, so its effect runs when the screen
 * has hydrated, not before; from then on React takes every tap.
 */
export function PressEarlyTap() {
  useEffect(() => {
    const early = window.sfogliaEarlyTap;
    early?.stop();
    const button = early?.button;
    if (early) early.button = undefined;
    if (button?.isConnected) button.click();
  }, []);
  return null;
}
