import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { reportError } from '../analytics/report-error';
import { ChunkErrorPage } from './layout/chunk-error-page';

export const RELOAD_FLAG = 'sfoglia.route-reloaded';

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
      sessionStorage.removeItem(RELOAD_FLAG);
      return module;
    } catch (error) {
      reportError('Route not found', {
        error: error instanceof Error ? error.message : String(error),
      });
      if (!sessionStorage.getItem(RELOAD_FLAG)) {
        sessionStorage.setItem(RELOAD_FLAG, '1');
        reload();
        return new Promise<never>(() => undefined);
      }
      sessionStorage.removeItem(RELOAD_FLAG);
      return { default: ChunkErrorPage };
    }
  });
}
