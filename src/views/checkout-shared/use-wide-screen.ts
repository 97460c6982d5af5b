import { useSyncExternalStore } from 'react';

/** Wide enough for the checkout's side column (checkout-shared.css uses the same width). */
const WIDE = '(min-width: 60rem)';

const subscribe = (onChange: () => void) => {
  const query = window.matchMedia(WIDE);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
};

/** Whether the screen is wide (a desktop): the order summary is a side column there, open. */
export const useWideScreen = () =>
  useSyncExternalStore(
    subscribe,
    () => window.matchMedia(WIDE).matches,
    () => false,
  );
