/**
 * Generated paths for QA (issue 14). `npm run paths -- list [machine] [--shortest|--simple]`
 * prints every generated path of each machine in words, with counts; `npm run paths -- run
 * <machine> [--grep text]` runs the machine's model tests and prints the coverage of its paths.
 * The paths come from the same event samples as the model tests (tests/machines/<flow>/events.ts).
 * `npm run paths -- export` writes a covering set of them for the viewer's replay (R15.4).
 */
import { spawn } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import {
  coverageOf,
  describePath,
  generatePaths,
  type AnyPathModel,
  type PathKind,
} from './paths/generate';
import { allReplayPaths, PATHS_FILE, replayJson } from './paths/export';
import { findMachines, loadPathModel, type MachineEntry } from './paths/models';

const root = fileURLToPath(new URL('..', import.meta.url));
const USAGE = `Usage: npm run paths -- list [machine] [--shortest|--simple]
       npm run paths -- run <machine> [--grep text] [--ui]
       npm run paths -- export`;

const fail = (message: string, code = 1): never => {
  console.error(message);
  process.exit(code);
};

const [command, ...rest] = process.argv.slice(2);
const machines = findMachines(root);

function option(name: string): string | undefined {
  const index = rest.indexOf(name);
  if (index === -1) return undefined;
  const value = rest[index + 1];
  if (value === undefined || value.startsWith('--')) fail(`${name} needs a value.\n${USAGE}`);
  rest.splice(index, 2);
  return value;
}

function flag(name: string): boolean {
  const index = rest.indexOf(name);
  if (index !== -1) rest.splice(index, 1);
  return index !== -1;
}

function machineNamed(name: string): MachineEntry {
  const machine = machines.find((entry) => entry.name === name);
  if (machine) return machine;
  return fail(
    `Unknown machine "${name}". The machines: ${machines.map((entry) => entry.name).join(', ')}.`,
  );
}

const noModel = (machine: MachineEntry) =>
  `no generated paths yet: no ${machine.eventsFile} (its model test's event samples, as \`pathModel\`)`;

const percent = (part: number, whole: number) =>
  whole === 0 ? '100%' : `${Math.floor((part / whole) * 100)}%`;

function coverageLines(model: AnyPathModel, kind: PathKind, grep?: string): string[] {
  const paths = generatePaths(model, kind).filter(
    (path) => grep === undefined || describePath(path).toLowerCase().includes(grep.toLowerCase()),
  );
  const { states, transitions } = coverageOf(model.machine, paths);
  return [
    `states reached ${states.reached}/${states.total} (${percent(states.reached, states.total)})`,
    `transitions taken ${transitions.taken}/${transitions.total} (${percent(transitions.taken, transitions.total)})`,
    ...states.missing.map((state) => `  not reached: ${state}`),
    ...transitions.missing.map((transition) => `  not taken: ${transition}`),
  ];
}

async function list() {
  const kind: PathKind = flag('--simple') ? 'simple' : (flag('--shortest'), 'shortest');
  if (rest.length > 1 || rest.some((arg) => arg.startsWith('--'))) fail(USAGE);
  const chosen = rest[0] === undefined ? machines : [machineNamed(rest[0])];
  const counts: string[] = [];
  for (const machine of chosen) {
    const model = await loadPathModel(machine, root);
    if (!model) {
      if (chosen.length === 1) fail(`${machine.name}: ${noModel(machine)}.`);
      console.log(`${machine.name}: ${noModel(machine)}\n`);
      counts.push(`${machine.name}: no generated paths yet`);
      continue;
    }
    if (kind === 'simple' && model.tooManySimplePaths) {
      const line = `${machine.name}: no simple paths listed: ${model.tooManySimplePaths}`;
      console.log(`${line}\n`);
      counts.push(line);
      continue;
    }
    const paths = generatePaths(model, kind);
    const { states, transitions } = coverageOf(model.machine, paths);
    const region = kind === 'simple' && model.simpleRegion ? ` ${model.simpleRegion.name}` : '';
    const count =
      `${machine.name}: ${paths.length} ${kind} paths${region} from ${model.entries.length} ` +
      `${model.entries.length === 1 ? 'entry' : 'entries'}, states ${states.reached}/${states.total}, ` +
      `transitions ${transitions.taken}/${transitions.total}`;
    counts.push(count);
    console.log(count);
    paths.forEach((path, index) => console.log(`  ${index + 1}. ${describePath(path)}`));
    console.log('');
  }
  if (chosen.length > 1) console.log(counts.join('\n'));
}

async function run() {
  const grep = option('--grep');
  if (flag('--ui'))
    fail(
      '--ui is not available yet: walking the generated paths through the real UI in Chromium ' +
        'comes with the flows work of issue 14. `npm run paths -- run <machine>` runs them as unit tests.',
      2,
    );
  if (rest.length !== 1 || rest[0]!.startsWith('--')) fail(USAGE);
  const machine = machineNamed(rest[0]!);
  if (!existsSync(`${root}/${machine.testFile}`))
    fail(`${machine.name} has no model test (${machine.testFile}).`);
  const args = [
    `${root}/node_modules/vitest/vitest.mjs`,
    'run',
    machine.testFile,
    '--reporter=verbose',
    ...(grep === undefined ? [] : ['--testNamePattern', grep, '--hideSkippedTests']),
  ];
  // Vitest streams each path's test as it passes or fails.
  const code = await new Promise<number>((resolve) =>
    spawn(process.execPath, args, { cwd: root, stdio: 'inherit' }).on('exit', (exitCode) =>
      resolve(exitCode ?? 1),
    ),
  );
  const model = await loadPathModel(machine, root);
  const scope = grep === undefined ? '' : `, those whose line has "${grep}"`;
  console.log(
    `\n${machine.name}: coverage of its generated paths (shortest to each transition${scope})`,
  );
  console.log(model ? coverageLines(model, 'shortest', grep).join('\n') : noModel(machine));
  process.exit(code);
}

/** The replayable paths of every machine into the viewer's file (product rule R15.4). */
async function exportPaths() {
  if (rest.length > 0) fail(USAGE);
  const paths = await allReplayPaths(root);
  writeFileSync(`${root}/${PATHS_FILE}`, replayJson(paths));
  for (const [name, list] of Object.entries(paths)) console.log(`${name}: ${list.length} paths`);
  console.log(`Written to ${PATHS_FILE}.`);
}

if (command === 'list') await list();
else if (command === 'export') await exportPaths();
else if (command === 'run') await run();
else fail(USAGE);
