import { StateMachine, type AnyStateMachine } from 'xstate';
import type { GuardRule } from '../../../machines/shared/guard-rules';

/**
 * Every machines/<flow>/<flow>.machine.ts, found by Vite at build time (no hand list, the same
 * rule as scripts/statechart/flows.ts). Eager, inside the viewer's own lazy chunk, and as the
 * viewer's own copies (`?flows-viewer`, vite.config.ts): shared with the customer routes, they
 * split those routes' chunks and cost each about 1 KiB more.
 */
const modules = import.meta.glob<Record<string, unknown>>('../../../machines/*/*.machine.ts', {
  eager: true,
  query: '?flows-viewer',
});

/** Each machine's guards in words (machines/<flow>/<flow>.guard-rules.ts, product rule R15.2). */
const ruleModules = import.meta.glob<{ guardRules?: Record<string, GuardRule> }>(
  '../../../machines/*/*.guard-rules.ts',
  { eager: true },
);

const FLOW_FILE = /\/machines\/([^/]+)\/([^/]+)\.machine\.ts(?:\?.*)?$/;

const flowModules = new Map<string, Record<string, unknown>>([
  ...Object.entries(modules).flatMap(([file, module]) => {
    const [, folder, name] = FLOW_FILE.exec(file) ?? [];
    return folder && folder === name ? [[folder, module] as const] : [];
  }),
]);

export const flowNames = (): string[] => [...flowModules.keys()].sort((a, b) => a.localeCompare(b));

/** The flow's machine: the one export of its module that is a StateMachine; undefined if none. */
export function flowMachine(name: string): AnyStateMachine | undefined {
  const module = flowModules.get(name);
  if (!module) return undefined;
  const machines = Object.values(module).filter(
    (value): value is AnyStateMachine => value instanceof StateMachine,
  );
  if (machines.length !== 1)
    throw new Error(`machines/${name}/${name}.machine.ts must export exactly one machine`);
  return machines[0];
}

const RULES_FILE = /\/machines\/([^/]+)\/([^/]+)\.guard-rules\.ts$/;

/** The flow's guards in words, by guard name; empty when it has none described. */
export function flowGuardRules(name: string): Record<string, GuardRule> {
  for (const [file, module] of Object.entries(ruleModules)) {
    const [, folder, base] = RULES_FILE.exec(file) ?? [];
    if (folder === name && base === name) return module.guardRules ?? {};
  }
  return {};
}
