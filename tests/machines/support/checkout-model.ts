import { describe, expect, it } from 'vitest';
import type { AnyMachineSnapshot, AnyStateMachine, EventObject } from 'xstate';
import type { TestPath } from 'xstate/graph';
import {
  firstOfEach,
  stateKey,
  takenEdges,
  untakenTransitions,
  WALK_TIMEOUT_MS,
} from './model-paths';

/**
 * What the takeaway and the kit checkout models share: the account forms their steps submit,
 * and when two entries reach the same state (so one of them walks on from it).
 */

/** A url.changed event for each of the checkout's step URLs. */
export const urlEvents = (paths: Record<string, string>) =>
  Object.values(paths).map((path) => ({ type: 'url.changed', path, search: '' }) as const);

/** The sign-in and sign-up forms the steps submit: a good one and an empty one each. */
export const accountFormEvents = [
  { type: 'login.submit', form: { email: 'ada@example.com', password: 'secret-secret' } },
  { type: 'login.submit', form: { email: '', password: '' } },
  {
    type: 'signup.submit',
    form: {
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada@example.com',
      password: '12345678',
      marketing: { emails: false, sms: false, mail: false },
    },
  },
  {
    type: 'signup.submit',
    form: { firstName: '', lastName: '', email: '', password: '', marketing: null },
  },
] as const;

type CheckoutSnapshot = AnyMachineSnapshot & {
  context: { path: string; signedInCustomer: unknown };
};

/**
 * The same checkout state, context and all, but for who signed in during this checkout (read only
 * by the session, after the steps) and, unless asked to keep it, the entry's URL (read only by
 * the routing before the steps).
 */
const sameState = ({ value, context }: CheckoutSnapshot, keepEntryUrl = false) =>
  JSON.stringify([
    value,
    { ...context, path: keepEntryUrl ? context.path : null, signedInCustomer: null },
  ]);

/**
 * The first entry to reach a start state claims the region from it; later ones leave it. A region
 * that can route again (a retry loads the basket and routes by the entry's URL) tells entries
 * apart by their URL.
 */
export const claimStarts = <TPath extends { state: CheckoutSnapshot }>(options: {
  routesAgain: boolean;
}) => firstOfEach((path: TPath) => sameState(path.state, options.routesAgain));

/**
 * One path per transition: the same event from the same state reached from two entries is
 * walked from the first (the entry's URL counts: the routing reads it).
 */
export const claimTransitions = <
  TPath extends { steps: { state: CheckoutSnapshot; event: unknown }[] },
>() =>
  firstOfEach(({ steps }: TPath) => {
    const from = steps[steps.length - 2]?.state;
    return JSON.stringify([from && sameState(from, true), steps[steps.length - 1]?.event]);
  });

type WalkablePath = TestPath<AnyMachineSnapshot, EventObject>;

/**
 * The shortest path to every state and one path per transition, from each entry, walked on the
 * actor; then the coverage guards: every state of the assertion table is reached (but those only
 * rested in through their children, and the routing ones nothing rests in), and every transition
 * the machine declares is taken. Transitions another entry takes from the same state are left to
 * it (`claimTransitions`).
 */
export function describeStatesAndTransitions<
  TInput,
  TPath extends WalkablePath & { steps: { state: CheckoutSnapshot }[] },
>(options: {
  name: string;
  machine: AnyStateMachine;
  entries: { name: string; input: TInput }[];
  shortestPaths: (input: TInput) => TPath[];
  transitionPaths: (input: TInput) => TPath[];
  walk: (input: TInput, paths: TPath[]) => Promise<void>;
  stateKeys: string[];
  notRestedIn: { routing: string[]; parents: string[] };
}) {
  const { name, entries, walk } = options;
  describe(`${name}: the shortest path to every state`, () => {
    for (const entry of entries) {
      it(
        `${entry.name}: walks the shortest path to each state`,
        () => walk(entry.input, options.shortestPaths(entry.input)),
        WALK_TIMEOUT_MS,
      );
    }

    it('reaches every state of the machine (coverage guard)', () => {
      const reached = new Set(
        entries
          .flatMap((entry) => options.shortestPaths(entry.input))
          .flatMap((path) => path.steps.map((step) => stateKey(step.state.value)))
          .filter((key) => !options.notRestedIn.routing.includes(key)),
      );
      const expected = options.stateKeys.filter(
        (key) => !options.notRestedIn.parents.includes(key),
      );
      expect([...reached].sort()).toEqual(expected.sort());
    });
  });

  const claim = claimTransitions<TPath>();
  const transitionsByEntry = new Map(
    entries.map((entry) => [entry, claim(options.transitionPaths(entry.input))]),
  );
  describe(`${name}: every transition`, () => {
    for (const [entry, paths] of transitionsByEntry) {
      it(
        `${entry.name}: takes each of its ${paths.length} transitions`,
        () => walk(entry.input, paths),
        WALK_TIMEOUT_MS,
      );
    }

    it('takes every transition the machine declares (coverage guard)', () => {
      const taken = [...transitionsByEntry.values()].flatMap((paths) => takenEdges(paths));
      expect(untakenTransitions(options.machine, taken)).toEqual([]);
    });
  });
}
