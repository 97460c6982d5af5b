import type { AnyMachineSnapshot } from 'xstate';

/**
 * A step's URL from its `meta.path`: an absolute path as it stands; a relative one ('recipes',
 * '' for the base itself) under `base`, for a flow whose URLs carry an id (/order/{id}/edit).
 */
export const pathUnder = (path: string, base = ''): string =>
  path.startsWith('/') ? path : path ? `${base}/${path}` : base;

/** A URL's path as a flow under `base` names its steps: the part after the base ('' for it). */
export const pathWithin = (pathname: string, base?: string): string => {
  if (base === undefined) return pathname;
  if (pathname === base) return '';
  return pathname.startsWith(`${base}/`) ? pathname.slice(base.length + 1) : pathname;
};

/**
 * The URL of the machine's current step: the `meta.path` of the deepest active state that has
 * one, placed under `base` where it is relative.
 */
export function flowPath(snapshot: AnyMachineSnapshot, base?: string): string | undefined {
  const metas = Object.values(snapshot.getMeta()) as ({ path?: string } | undefined)[];
  const path = metas.reduce<string | undefined>((found, meta) => meta?.path ?? found, undefined);
  return path === undefined ? undefined : pathUnder(path, base);
}
