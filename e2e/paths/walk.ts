import { mkdirSync, readdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import {
  coverageOf,
  coveringPaths,
  describePath,
  generatePaths,
  stateKeys,
  type Coverage,
  type GeneratedPath,
  type PathKind,
} from '../../scripts/paths/generate';
import { expect, test } from '../support/fixtures';
import { pathUrl, replay, sharedReplay, walkable, type UiAdapter } from './ui-adapter';

/** A model's generated paths, made once per run: the walks pick from them, the guard counts them. */
const generated = new Map<string, GeneratedPath[]>();
const generatedPaths = (adapter: UiAdapter<unknown>, kind: PathKind) => {
  const key = `${adapter.machine} ${kind}`;
  if (!generated.has(key)) generated.set(key, generatePaths(adapter.model, kind));
  return generated.get(key)!;
};

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The paths to walk: `shortest` gives a covering set (the shortest path to each state and
 * transition, none a prefix of another), `simple` every simple path; only those the UI can walk,
 * and with `grep` only those whose line has the text.
 */
export function uiPaths<TWorld>(
  adapter: UiAdapter<TWorld>,
  kind: PathKind,
  grep?: string,
): GeneratedPath[] {
  const replayed = sharedReplay(adapter as UiAdapter<unknown>);
  const paths = generatedPaths(adapter as UiAdapter<unknown>, kind)
    .filter((path) => path.steps.length > 0)
    .filter((path) => walkable(adapter, path, replayed))
    .filter(
      (path) => grep === undefined || describePath(path).toLowerCase().includes(grep.toLowerCase()),
    );
  return kind === 'shortest' ? coveringPaths(adapter.model.machine, paths) : paths;
}

/** Walks one path: starts its entry, then each event as clicks and keystrokes, checking each state. */
export async function walk<TWorld>(
  adapter: UiAdapter<TWorld>,
  generated: GeneratedPath,
  page: Page,
  request: APIRequestContext,
) {
  const path = replay(adapter as UiAdapter<unknown>, generated);
  const world = adapter.world({ page, request });
  const context = { page, request, world };
  const visited: string[] = [];
  const check = async (snapshot: GeneratedPath['start']) => {
    const url = pathUrl(snapshot);
    if (url !== undefined && visited.at(-1) !== url) visited.push(url);
    for (const key of stateKeys(snapshot.value)) {
      const see = adapter.states[key];
      if (see === undefined) throw new Error(`${adapter.machine}: nothing to check in ${key}`);
      if (see === 'transient') continue;
      await test.step(`see ${key}`, async () => {
        if (url !== undefined) await expect(page).toHaveURL(new RegExp(`${escape(url)}(\\?.*)?$`));
        await see({ ...context, snapshot });
      });
    }
  };
  await test.step(`start: ${path.entry}`, () => adapter.entries[path.entry]!(context));
  await check(path.start);
  for (const [index, step] of path.steps.entries()) {
    const executor = adapter.executors[step.event.type]!;
    const run = typeof executor === 'function' ? executor : executor.run;
    await test.step(step.event.type, async () => {
      await run?.({
        ...context,
        event: step.event,
        from: index === 0 ? path.start : path.steps[index - 1]!.state,
        to: step.state,
        next: path.steps[index + 1]?.event,
        after: path.steps.slice(index + 1).map((later) => later.event),
        visited: [...visited],
      });
    });
    // A run of the machine's own timer (a basket's polls) is checked once, at its end: the app's
    // clock does not wait for the checks.
    const next = path.steps[index + 1];
    if (step.event.type.startsWith('xstate.after.') && next?.event.type === step.event.type)
      continue;
    await check(step.state);
  }
}

/** Where each walked path is recorded as it passes (Playwright empties this folder at start). */
const recordsDir = (machine: string) => join(test.info().project.outputDir, 'ui-paths', machine);

export function recordWalked(machine: string, index: number) {
  const dir = recordsDir(machine);
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, `${index}.json`), JSON.stringify(index));
}

export function walkedIndexes(machine: string): number[] {
  const dir = recordsDir(machine);
  if (!existsSync(dir)) return [];
  return readdirSync(dir).map((file) => Number(JSON.parse(readFileSync(join(dir, file), 'utf8'))));
}

export interface UiCoverage {
  /** When the run wrote it (ISO 8601). */
  at: string;
  paths: { walked: number; total: number };
  states: { reached: number; total: number; missing: string[] };
  transitions: { taken: number; total: number; missing: string[] };
  /** What the model's paths reach that the UI did not, beyond the adapter's stated exceptions. */
  unexpectedlyMissing: string[];
  notThroughTheUi: Record<string, string>;
}

/** Coverage through the real UI, against what the model's own paths (of that kind) cover. */
export function uiCoverage<TWorld>(
  adapter: UiAdapter<TWorld>,
  selected: GeneratedPath[],
  walked: GeneratedPath[],
  kind: PathKind,
  grep?: string,
): UiCoverage {
  const machine = adapter.model.machine;
  const ui: Coverage = coverageOf(machine, walked);
  const target: Coverage =
    grep === undefined
      ? coverageOf(machine, generatedPaths(adapter as UiAdapter<unknown>, kind))
      : coverageOf(machine, selected);
  const exceptions = adapter.notThroughTheUi ?? {};
  const expected = [
    ...restingOf(target, ui, 'states'),
    ...restingOf(target, ui, 'transitions'),
  ].filter((name) => !(name in exceptions));
  return {
    at: new Date().toISOString(),
    paths: { walked: walked.length, total: selected.length },
    states: ui.states,
    transitions: ui.transitions,
    unexpectedlyMissing: expected,
    notThroughTheUi: exceptions,
  };
}

/** Names the target reaches that the UI run did not. */
function restingOf(target: Coverage, ui: Coverage, part: 'states' | 'transitions'): string[] {
  return ui[part].missing.filter((name) => !target[part].missing.includes(name));
}

/** Adds one machine's coverage to test-results/ui-coverage.json. */
export function writeCoverage(file: string, machine: string, coverage: UiCoverage) {
  const all = existsSync(file)
    ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, UiCoverage>)
    : {};
  all[machine] = coverage;
  writeFileSync(file, `${JSON.stringify(all, null, 2)}\n`);
}
