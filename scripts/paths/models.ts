import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { findFlows } from '../statechart/flows';
import type { AnyPathModel } from './generate';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

export interface MachineEntry {
  name: string;
  /** e2e/paths/<flow>.ui.ts, relative to the root: how its paths are walked through the UI. */
  uiAdapterFile: string;
  /** tests/machines/<flow>/events.ts, relative to the root: the model test's event samples. */
  eventsFile: string;
  /** The machine's model tests, relative to the root. */
  testFile: string;
}

/** Every machine in machines/ (by its folder, as `npm run statechart` finds them). */
export const findMachines = (root = ROOT): MachineEntry[] =>
  findFlows(root).map(({ name }) => ({
    name,
    uiAdapterFile: `e2e/paths/${name}.ui.ts`,
    eventsFile: `tests/machines/${name}/events.ts`,
    testFile: `tests/machines/${name}.machine.test.ts`,
  }));

/** The machine's path model, or undefined while its samples still live inside its test. */
export async function loadPathModel(
  machine: MachineEntry,
  root = ROOT,
): Promise<AnyPathModel | undefined> {
  const file = join(root, machine.eventsFile);
  if (!existsSync(file)) return undefined;
  const module = (await import(pathToFileURL(file).href)) as { pathModel?: AnyPathModel };
  if (!module.pathModel) throw new Error(`${machine.eventsFile} must export a pathModel.`);
  return module.pathModel;
}

/** Why a machine's paths cannot be walked through the UI (it has no adapter), or undefined. */
export function withoutUiAdapter(machine: MachineEntry, root = ROOT): string | undefined {
  if (existsSync(join(root, machine.uiAdapterFile))) return undefined;
  return (
    `${machine.name} has no UI adapter yet (${machine.uiAdapterFile}): its paths run as unit ` +
    `tests with \`npm run paths -- run ${machine.name}\`.`
  );
}
