import type { AnyMachineSnapshot } from 'xstate';

/** The URL of the machine's current step: the `meta.path` of the deepest active state that has one. */
export function flowPath(snapshot: AnyMachineSnapshot): string | undefined {
  const metas = Object.values(snapshot.getMeta()) as ({ path?: string } | undefined)[];
  return metas.reduce<string | undefined>((path, meta) => meta?.path ?? path, undefined);
}
