/**
 * Trailing-edge debounce (the paperless toggle waits 300 ms, product rule R2.16): each call
 * restarts the wait and only the last value is delivered. `cancel` drops a pending call;
 * `flush` delivers it now (when the page is left mid-wait).
 */
export const PAPERLESS_DEBOUNCE_MS = 300;

export interface Debounced<T> {
  (value: T): void;
  cancel(): void;
  flush(): void;
}

export function debounce<T>(deliver: (value: T) => void, waitMs: number): Debounced<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let pending: { value: T } | undefined;
  const fire = () => {
    timer = undefined;
    const call = pending;
    pending = undefined;
    if (call) deliver(call.value);
  };
  const debounced = (value: T) => {
    pending = { value };
    if (timer !== undefined) clearTimeout(timer);
    timer = setTimeout(fire, waitMs);
  };
  debounced.cancel = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    pending = undefined;
  };
  debounced.flush = () => {
    if (timer !== undefined) clearTimeout(timer);
    fire();
  };
  return debounced;
}
