import { existsSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { StateMachine, type AnyStateMachine } from 'xstate';

/** The one command that brings every diagram in machines/<flow>/<flow>.md up to date. */
export const WRITE_COMMAND = 'npm run statechart -- --write';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

export interface Flow {
  name: string;
  /** Relative to the repository root. */
  machineFile: string;
  docFile: string;
}

const flowOf = (name: string): Flow => ({
  name,
  machineFile: `machines/${name}/${name}.machine.ts`,
  docFile: `machines/${name}/${name}.md`,
});

/** Every machines/<flow>/<flow>.machine.ts: a new flow is found by its folder, not a list. */
export function findFlows(root = ROOT): Flow[] {
  return readdirSync(join(root, 'machines'), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => flowOf(entry.name))
    .filter((flow) => existsSync(join(root, flow.machineFile)))
    .sort((a, b) => a.name.localeCompare(b.name));
}

/** Machine files that findFlows would miss because they break the folder's naming. */
export function misplacedMachineFiles(root = ROOT): string[] {
  const machines = join(root, 'machines');
  const found = new Set(findFlows(root).map((flow) => flow.machineFile));
  return readdirSync(machines, { recursive: true, encoding: 'utf8' })
    .filter((path) => path.endsWith('.machine.ts'))
    .map((path) => relative(root, join(machines, path)).split('\\').join('/'))
    .filter((path) => !found.has(path));
}

/** The flow's machine: the one export of its module that is a StateMachine. */
export async function loadMachine(flow: Flow, root = ROOT): Promise<AnyStateMachine> {
  const module: Record<string, unknown> = await import(
    pathToFileURL(join(root, flow.machineFile)).href
  );
  const machines = Object.entries(module).filter(
    (entry): entry is [string, AnyStateMachine] => entry[1] instanceof StateMachine,
  );
  if (machines.length !== 1) {
    const names = machines.map(([name]) => name).join(', ') || 'none';
    throw new Error(`${flow.machineFile} must export exactly one machine (found: ${names}).`);
  }
  return machines[0]![1];
}

const MERMAID_BLOCK = /```mermaid\n[\s\S]*?\n```/;

/** The diagram in a flow's Markdown, or undefined when it has none. */
export function diagramIn(markdown: string): string | undefined {
  return MERMAID_BLOCK.exec(markdown)?.[0].slice('```mermaid\n'.length, -'\n```'.length);
}

/** The Markdown with its diagram replaced (or, if it has none, added at the end). */
export function withDiagram(markdown: string, diagram: string, flow: Flow): string {
  const block = '```mermaid\n' + diagram + '\n```';
  if (MERMAID_BLOCK.test(markdown)) return markdown.replace(MERMAID_BLOCK, () => block);
  const lead = markdown.trim() ? `${markdown.trimEnd()}\n\n` : `# ${flow.name} machine\n\n`;
  return `${lead}Generated with \`npm run statechart -- ${flow.name}\`:\n\n${block}\n`;
}
