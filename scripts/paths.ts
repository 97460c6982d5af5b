/**
 * Generated paths for QA (issue 14). `npm run paths -- list [machine] [--shortest|--simple]`
 * prints every generated path of each machine in words, with counts; `npm run paths -- run
 * <machine> [--grep text]` runs the machine's model tests and prints the coverage of its paths;
 * with `--ui` it walks them through the real UI in Chromium (e2e/generated-paths.spec.ts, the
 * machine's adapter e2e/paths/<machine>.ui.ts), a covering set or with `--simple` every simple
 * path. The paths come from the same event samples as the model tests
 * (tests/machines/<flow>/events.ts). `npm run paths -- export` writes a covering set of them for
 * the viewer's replay (R15.4).
 */
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  coverageOf,
  describePath,
  generatePaths,
  type AnyPathModel,
  type PathKind,
} from './paths/generate';
import type { UiCoverage } from '../e2e/paths/walk';
import { allReplayPaths, PATHS_FILE, replayJson } from './paths/export';
import { findMachines, loadPathModel, withoutUiAdapter, type MachineEntry } from './paths/models';

const root = fileURLToPath(new URL('..', import.meta.url));
const USAGE = `Usage: npm run paths -- list [machine] [--shortest|--simple]
       npm run paths -- run <machine> [--grep text]
       npm run paths -- run <machine> --ui [--grep text] [--simple]
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
  if (flag('--ui')) return runUi(grep);
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

/** The newest modification time under these folders and files (the app's sources). */
function newest(paths: string[]): number {
  return Math.max(
    0,
    ...paths.map((path) => {
      if (!existsSync(path)) return 0;
      const stat = statSync(path);
      if (!stat.isDirectory()) return stat.mtimeMs;
      return newest(readdirSync(path).map((name) => join(path, name)));
    }),
  );
}

const spawnIn = (command: string, args: string[], env: NodeJS.ProcessEnv = process.env) =>
  new Promise<number>((resolve) =>
    spawn(command, args, { cwd: root, stdio: 'inherit', env }).on('exit', (exitCode) =>
      resolve(exitCode ?? 1),
    ),
  );

/** Builds the app when dist/ is missing or older than its sources. */
async function buildIfNeeded() {
  const built = existsSync(join(root, 'dist/index.html'))
    ? statSync(join(root, 'dist/index.html')).mtimeMs
    : 0;
  const sources = ['src', 'machines', 'domain', 'public', 'index.html', 'vite.config.ts'];
  if (built >= newest(sources.map((path) => join(root, path)))) return;
  console.log('Building the app (dist/ is missing or older than its sources)…');
  const code = await spawnIn('npm', ['run', 'build', '--silent']);
  if (code !== 0) fail('The build failed.', code);
}

/** Walks the machine's generated paths through the real UI (Chromium, the real server, a fresh database). */
async function runUi(grep: string | undefined) {
  const simple = flag('--simple');
  if (rest.length !== 1 || rest[0]!.startsWith('--')) fail(USAGE);
  const machine = machineNamed(rest[0]!);
  const missing = withoutUiAdapter(machine, root);
  if (missing) fail(missing);
  await buildIfNeeded();
  const startedAt = Date.now();
  const code = await spawnIn(
    process.execPath,
    [
      join(root, 'node_modules/@playwright/test/cli.js'),
      'test',
      'e2e/generated-paths.spec.ts',
      '--reporter=list',
    ],
    {
      ...process.env,
      PATHS_MACHINE: machine.name,
      PATHS_KIND: simple ? 'simple' : 'shortest',
      ...(grep === undefined ? {} : { PATHS_GREP: grep }),
    },
  );
  const file = join(root, 'test-results/ui-coverage.json');
  const coverage = existsSync(file)
    ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, UiCoverage>)[machine.name]
    : undefined;
  if (coverage && Date.parse(coverage.at) >= startedAt) {
    const { paths, states, transitions } = coverage;
    console.log(
      `\n${machine.name} through the real UI (${simple ? 'simple paths' : 'a covering set of paths'}` +
        `${grep === undefined ? '' : `, those whose line has "${grep}"`}): paths ${paths.walked}/${paths.total}, ` +
        `states ${states.reached}/${states.total}, transitions ${transitions.taken}/${transitions.total}`,
    );
    for (const name of coverage.unexpectedlyMissing) console.log(`  not reached: ${name}`);
    for (const [name, why] of Object.entries(coverage.notThroughTheUi))
      if ([...states.missing, ...transitions.missing].includes(name))
        console.log(`  not through the UI: ${name} (${why})`);
  }
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
