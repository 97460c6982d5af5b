import { StateMachine, type AnyStateMachine } from 'xstate';

/**
 * Every machines/<flow>/<flow>.machine.ts, found by Vite at build time (no hand list, the same
 * rule as scripts/statechart/flows.ts): each loads only when its chart is opened.
 */
const modules = import.meta.glob<Record<string, unknown>>('../../../machines/*/*.machine.ts');

const FLOW_FILE = /\/machines\/([^/]+)\/([^/]+)\.machine\.ts$/;

const loaders = new Map(
  Object.entries(modules).flatMap(([file, load]) => {
    const [, folder, name] = FLOW_FILE.exec(file) ?? [];
    return folder && folder === name ? [[folder, load] as const] : [];
  }),
);

export const flowNames = (): string[] => [...loaders.keys()].sort((a, b) => a.localeCompare(b));

/** The flow's machine: the one export of its module that is a StateMachine; undefined if none. */
export async function loadFlowMachine(name: string): Promise<AnyStateMachine | undefined> {
  const load = loaders.get(name);
  if (!load) return undefined;
  const machines = Object.values(await load()).filter(
    (value): value is AnyStateMachine => value instanceof StateMachine,
  );
  if (machines.length !== 1)
    throw new Error(`machines/${name}/${name}.machine.ts must export exactly one machine`);
  return machines[0];
}
