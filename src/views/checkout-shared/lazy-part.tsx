import { Suspense, useEffect, type ComponentType, type ReactNode } from 'react';
import { lazyRoute } from '../../app/lazy-route';

export interface LazyPart<TProps extends object> {
  /** The part, or `fallback` (with the same props) while its chunk loads. */
  View: ComponentType<TProps>;
  /** Starts loading the chunk without showing it; safe to call again. */
  preload: () => void;
}

/**
 * A part of a checkout that only a later step needs (the card form, the confirmation), in a chunk
 * of its own so the checkout's first view stays within its budget (product rule R5.11). The flow
 * starts loading it as soon as it knows the customer is heading there (`usePreload`), so the step
 * normally finds it ready. A failed load is handled as a failed screen load (product rule R1.6).
 */
export function lazyPart<TProps extends object>(
  load: () => Promise<{ default: ComponentType<NoInfer<TProps>> }>,
  Fallback: (props: NoInfer<TProps>) => ReactNode,
): LazyPart<TProps> {
  let loading: Promise<{ default: ComponentType<TProps> }> | undefined;
  // One request however often it is asked for; a failed one is forgotten, so the next ask (the
  // step itself) tries again before the page is reloaded.
  const loadOnce = () => {
    loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
    return loading;
  };
  const Lazy = lazyRoute<TProps>(loadOnce);
  function View(props: TProps) {
    return (
      <Suspense fallback={<Fallback {...props} />}>
        <Lazy {...props} />
      </Suspense>
    );
  }
  return { View, preload: () => void loadOnce().catch(() => undefined) };
}

/** Preloads `part` once `needed` turns true. */
export function usePreload(part: { preload: () => void }, needed: boolean) {
  useEffect(() => {
    if (needed) part.preload();
  }, [part, needed]);
}
