import {
  getNextSnapshot,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type EventObject,
  type StateValue,
} from 'xstate';
import { TestModel } from 'xstate/graph';
import type { PathModel } from '../../tests/machines/support/path-model';

export type AnyPathModel = PathModel<AnyMachineSnapshot, EventObject, unknown>;
export type PathKind = 'shortest' | 'simple';

export interface Step {
  event: EventObject;
  state: AnyMachineSnapshot;
}

export interface GeneratedPath {
  entry: string;
  /** The state the entry starts in (its input's initial state, routing already done). */
  start: AnyMachineSnapshot;
  steps: Step[];
}

/** 'steps.login' for { steps: 'login' }; a parallel state gives one key per region. */
export function stateKeys(value: StateValue, prefix = ''): string[] {
  if (typeof value === 'string') return [`${prefix}${value}`];
  return Object.entries(value).flatMap(([key, child]) =>
    child === undefined ? [] : stateKeys(child, `${prefix}${key}.`),
  );
}

const modelOf = (model: AnyPathModel, input: unknown, kind: PathKind) => {
  const region = kind === 'simple' ? model.simpleRegion : undefined;
  const serializeState = region?.serializeState ?? model.serializeState;
  return new TestModel(model.machine, {
    input,
    events: (region?.events ?? model.events) as
      EventObject[] | ((snapshot: AnyMachineSnapshot) => EventObject[]),
    ...(serializeState ? { serializeState } : {}),
  });
};

const eventsAt = (model: AnyPathModel, snapshot: AnyMachineSnapshot) =>
  typeof model.events === 'function' ? model.events(snapshot) : model.events;

/**
 * `shortest`: one path per transition, the shortest way to each state and then each event that
 * state handles (so every state is reached and every transition the samples allow is taken, as
 * the model tests' `transitionPaths` do). `simple`: every simple path (no state visited twice).
 */
export function generatePaths(model: AnyPathModel, kind: PathKind): GeneratedPath[] {
  return model.entries.flatMap(({ name, input }) => {
    const testModel = modelOf(model, input, kind);
    if (kind === 'simple')
      return testModel
        .getSimplePaths(model.simpleRegion ? { stopWhen: model.simpleRegion.stopWhen } : {})
        .map((path) => ({ entry: name, start: path.steps[0]!.state, steps: path.steps.slice(1) }));
    const shortest = testModel.getShortestPaths({ allowDuplicatePaths: true }).flatMap((path) =>
      eventsAt(model, path.state)
        .filter((event) => path.state.can(event))
        .map((event) => ({
          entry: name,
          start: path.steps[0]!.state,
          steps: [
            ...path.steps.slice(1),
            { event, state: getNextSnapshot(model.machine, path.state, event) },
          ],
        })),
    );
    return [...shortest, ...waitingOut(model, shortest)];
  });
}

/** The model's `waitsOut`: the shortest path into its state, then its event as many times as said. */
function waitingOut(model: AnyPathModel, shortest: GeneratedPath[]): GeneratedPath[] {
  if (!model.waitsOut) return [];
  const { state, event, times } = model.waitsOut;
  const into = shortest
    .filter((path) => stateKeys(path.steps.at(-1)?.state.value ?? {}).includes(state))
    .sort((a, b) => a.steps.length - b.steps.length)[0];
  if (!into) return [];
  let snapshot = into.steps.at(-1)!.state;
  const repeats = Array.from({ length: times }, () => {
    snapshot = getNextSnapshot(model.machine, snapshot, event);
    return { event, state: snapshot };
  });
  return [{ ...into, steps: [...into.steps, ...repeats] }];
}

/** 'postcode.submit {"postcode":"w42hd"}': the type, then the payload when it has one. */
export function describeEvent({ type, ...rest }: EventObject, width = 48): string {
  const payload = Object.fromEntries(
    Object.entries(rest).filter(([, value]) => value !== undefined),
  );
  if (Object.keys(payload).length === 0) return type;
  const json = JSON.stringify(payload) ?? '';
  return `${type} ${json.length > width ? `${json.slice(0, width - 1)}…` : json}`;
}

/** One line: the way in, then each event and the state it leads to (a step repeated as `×N`). */
export const describePath = (path: GeneratedPath) =>
  `[${path.entry}] ${path.steps
    .map((step) => `${describeEvent(step.event)} → ${stateKeys(step.state.value).join(' + ')}`)
    .reduce<{ step: string; times: number }[]>((runs, step) => {
      const last = runs.at(-1);
      if (last?.step === step) last.times += 1;
      else runs.push({ step, times: 1 });
      return runs;
    }, [])
    .map(({ step, times }) => (times > 1 ? `${step} ×${times}` : step))
    .join(', ')}`;

type StateNode = AnyStateMachine['root'];

const nodesOf = (node: StateNode): StateNode[] => [
  node,
  ...Object.values(node.states).flatMap(nodesOf),
];

/** The states a path can rest in: leaves that do not only route (`always`) and are not history. */
export function restingStates(machine: AnyStateMachine): string[] {
  return nodesOf(machine.root)
    .filter(
      (node) =>
        node !== machine.root &&
        Object.keys(node.states).length === 0 &&
        node.type !== 'history' &&
        (node.always?.length ?? 0) === 0,
    )
    .map((node) => node.path.join('.'));
}

interface Edge {
  from: string[];
  event: string;
  to: string[];
}

const edgesOf = (paths: GeneratedPath[]): Edge[] =>
  paths.flatMap((path) =>
    path.steps.map((step, index) => ({
      from: stateKeys((index === 0 ? path.start : path.steps[index - 1]!.state).value),
      event: step.event.type,
      to: stateKeys(step.state.value),
    })),
  );

const within = (keys: string[], node: string) =>
  keys.some((key) => node === '' || key === node || key.startsWith(`${node}.`));

/**
 * Every transition declared in the machine, and whether a path takes it: a transition on a
 * parent counts when taken from any of its children; one into a routing state counts when the
 * event is taken from its source, since no path rests there (the rule of the model tests'
 * coverage guard).
 */
export function transitionCoverage(machine: AnyStateMachine, paths: GeneratedPath[]) {
  const edges = edgesOf(paths);
  return nodesOf(machine.root).flatMap((node) => {
    const from = node.path.join('.');
    return [...node.transitions.values()].flat().map((transition) => {
      const target = transition.target?.[0];
      const to = target?.path.join('.');
      const routes = (target?.always?.length ?? 0) > 0;
      const taken = edges.some(
        (edge) =>
          edge.event === transition.eventType &&
          within(edge.from, from) &&
          (to === undefined ? true : routes || within(edge.to, to)),
      );
      return { name: `${from || '(root)'} ${transition.eventType} → ${to ?? 'itself'}`, taken };
    });
  });
}

export interface Coverage {
  states: { reached: number; total: number; missing: string[] };
  transitions: { taken: number; total: number; missing: string[] };
}

/** States reached and transitions taken by these paths, out of the machine's. */
export function coverageOf(machine: AnyStateMachine, paths: GeneratedPath[]): Coverage {
  const resting = restingStates(machine);
  const reached = new Set(
    paths.flatMap((path) =>
      [path.start, ...path.steps.map((step) => step.state)].flatMap((state) =>
        stateKeys(state.value),
      ),
    ),
  );
  const transitions = transitionCoverage(machine, paths);
  return {
    states: {
      reached: resting.filter((state) => reached.has(state)).length,
      total: resting.length,
      missing: resting.filter((state) => !reached.has(state)),
    },
    transitions: {
      taken: transitions.filter((t) => t.taken).length,
      total: transitions.length,
      missing: transitions.filter((t) => !t.taken).map((t) => t.name),
    },
  };
}

const stepsKey = (path: GeneratedPath) => [
  path.entry,
  ...path.steps.map((step) => describeEvent(step.event, Infinity)),
];

const isPrefixOf = (shorter: GeneratedPath, longer: GeneratedPath) => {
  const [a, b] = [stepsKey(shorter), stepsKey(longer)];
  return a.length < b.length && a.every((part, index) => part === b[index]);
};

/**
 * A small set of these paths that reaches every state and takes every transition they reach and
 * take together, and every event that leaves a state where it is: for each, the shortest path to it (the longest of those
 * first, so it also covers what its prefixes would), then no path that is a prefix of another,
 * so a shared prefix is walked once. What the model tests walk as `shortest`, cut down for a
 * slow runner such as the real UI.
 */
export function coveringPaths(machine: AnyStateMachine, paths: GeneratedPath[]): GeneratedPath[] {
  const byLength = [...paths].sort((a, b) => a.steps.length - b.steps.length);
  const coverage = byLength.map((path) => {
    const { states, transitions } = coverageOf(machine, [path]);
    const names = (all: string[], missing: string[]) => all.filter((n) => !missing.includes(n));
    return new Set([
      ...names(restingStates(machine), states.missing).map((state) => `state ${state}`),
      ...names(
        transitionCoverage(machine, []).map((t) => t.name),
        transitions.missing,
      ).map((transition) => `transition ${transition}`),
      // A guarded branch that only answers (a form's errors) is walked too, not just its event.
      ...edgesOf([path])
        .filter((edge) => edge.from.join() === edge.to.join())
        .map((edge) => `stay ${edge.from.join()} ${edge.event}`),
    ]);
  });
  const firstFor = new Map<string, number>();
  coverage.forEach((items, index) =>
    items.forEach((item) => {
      if (!firstFor.has(item)) firstFor.set(item, index);
    }),
  );
  const chosen = new Set<number>();
  const covered = new Set<string>();
  for (const index of [...new Set(firstFor.values())].sort((a, b) => b - a)) {
    if ([...coverage[index]!].every((item) => covered.has(item))) continue;
    chosen.add(index);
    coverage[index]!.forEach((item) => covered.add(item));
  }
  const picked = [...chosen].sort((a, b) => a - b).map((index) => byLength[index]!);
  return picked.filter((path) => !picked.some((other) => isPrefixOf(path, other)));
}
