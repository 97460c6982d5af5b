import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { reportError } from '../analytics/report-error';
import { ChunkErrorPage } from './layout/chunk-error-page';

export const RELOAD_FLAG = 'sfoglia.route-reloaded';

/** The tab's storage, or none: the server's render of a screen (R14.14) has no window. */
const tabStorage = (): Storage | undefined =>
  typeof sessionStorage === 'undefined' ? undefined : sessionStorage;

/**
 * A screen loaded on demand. Product rule R1.6: a failed screen load (a chunk gone after a deploy,
 * a dropped connection) is reported as "Route not found" and the page reloads, once: a flag in
 * sessionStorage stops a reload loop, and a second failure shows an error with a retry link.
 */
export function lazyRoute(
  load: () => Promise<{ default: ComponentType }>,
  reload?: () => void,
): LazyExoticComponent<ComponentType>;
/** A part of a screen (a checkout's card form) loads the same way, with its props. */
export function lazyRoute<TProps extends object>(
  load: () => Promise<{ default: ComponentType<TProps> }>,
  reload?: () => void,
): LazyExoticComponent<ComponentType<TProps>>;
export function lazyRoute<TProps extends object>(
  load: () => Promise<{ default: ComponentType<TProps> }>,
  reload: () => void = () => window.location.reload(),
) {
  return lazy(async () => {
    try {
      const module = await load();
      tabStorage()?.removeItem(RELOAD_FLAG);
      return module;
    } catch (error) {
      reportError('Route not found', {
        error: error instanceof Error ? error.message : String(error),
      });
      const storage = tabStorage();
      if (storage && !storage.getItem(RELOAD_FLAG)) {
        storage.setItem(RELOAD_FLAG, '1');
        reload();
        return new Promise<never>(() => undefined);
      }
      storage?.removeItem(RELOAD_FLAG);
      return { default: ChunkErrorPage };
    }
  });
}
