import { describe, expect, it } from 'vitest';
import { getNextSnapshot, type SnapshotFrom } from 'xstate';
import { BASKET_WAIT_TRIES } from '../../machines/basket-shared/basket-shared';
import { showPending } from '../../machines/basket-shared/pending-changes';
import { takeawayBasketMachine } from '../../machines/takeaway-basket/takeaway-basket.machine';
import {
  coverageOf,
  coveringPaths,
  describePath,
  generatePaths,
  restingStates,
  stateKeys,
  type GeneratedPath,
} from '../../scripts/paths/generate';
import { POLL, materialize, pathModel, type ModelEvent } from './takeaway-basket/events';

type Snapshot = SnapshotFrom<typeof takeawayBasketMachine>;

const busy = (s: Snapshot) => expect(s.hasTag('busy')).toBe(true);

/** What must hold in each state, whatever path led there (product rules R4.2-R4.15). */
const stateAssertions: Record<string, (s: Snapshot) => void> = {
  'loading.idle': (s) => {
    busy(s);
    expect(s.context.queued).toEqual([]);
  },
  // Product rule R4.4: a call made before the basket is there waits for it.
  'loading.waiting': (s) => {
    busy(s);
    expect(s.context.queued.length).toBeGreaterThan(0);
    expect(s.context.waitTries).toBeLessThan(BASKET_WAIT_TRIES);
  },
  // At rest every click has gone to the server: it shows what the server confirmed.
  ready: (s) => {
    expect(s.hasTag('busy')).toBe(false);
    expect(s.context.pending).toEqual([]);
    expect(s.context.sending).toBeNull();
    expect(s.context.lines).toEqual(s.context.confirmedLines);
    expect(s.context.queued).toEqual([]);
  },
  adding: (s) => {
    busy(s);
    expect(s.context.pendingAdd).not.toBeNull();
  },
  syncing: (s) => {
    busy(s);
    expect(s.context.basketId).not.toBeNull();
    expect(s.context.sending).not.toBeNull();
  },
  applyingVoucher: (s) => {
    busy(s);
    expect(s.context.basketId).not.toBeNull();
  },
  removingVoucher: (s) => {
    busy(s);
    expect(s.context.voucher).not.toBeNull();
  },
  emptying: (s) => {
    busy(s);
    expect(s.context.basketId).not.toBeNull();
  },
  // Product rules R4.6 and R4.9: only a basket over its minimum, after the upsells, checks out.
  checkingOut: (s) => {
    expect(s.status).toBe('done');
    expect(s.context.totals.subtotal).toBeGreaterThanOrEqual(s.context.totals.minimumSpend);
    expect(s.context.offeringUpsells).toBe(true);
  },
};

/** Walks a path on the machine, checking each state and that no click is lost (R4.15). */
function walk(path: GeneratedPath) {
  let snapshot = path.start as Snapshot;
  const check = (s: Snapshot) => {
    for (const key of stateKeys(s.value)) stateAssertions[key]?.(s);
    // The basket shows the server's lines with every click not yet confirmed laid over them.
    expect(s.context.lines).toEqual(showPending(s.context.confirmedLines, s.context.pending));
  };
  check(snapshot);
  for (const { event } of path.steps) {
    snapshot = getNextSnapshot(
      takeawayBasketMachine,
      snapshot,
      materialize(event as ModelEvent, snapshot) as never,
    );
    check(snapshot);
  }
  return snapshot;
}

const covering = coveringPaths(
  takeawayBasketMachine,
  generatePaths(pathModel, 'shortest').filter((path) => path.steps.length > 0),
);

describe('takeaway basket machine: a covering set of generated paths (npm run paths)', () => {
  for (const path of covering) it(describePath(path), () => void walk(path));

  // The wait runs out only at the 100th poll: the model's own path, poll after poll (waitsOut).
  const waitsOut = covering.find(
    (path) => path.steps.filter((step) => step.event.type === POLL).length === BASKET_WAIT_TRIES,
  )!;

  it("waits out every poll, then says 'Basket loading timeout' (R4.4)", () => {
    const end = walk(waitsOut);
    expect(end.value).toBe('ready');
    expect(end.context.error).toBe('Basket loading timeout');
  });

  it('reaches every state and takes every transition (coverage guard)', () => {
    const replayed = covering.map((path) => {
      let snapshot = path.start as Snapshot;
      return {
        ...path,
        steps: path.steps.map(({ event }) => {
          snapshot = getNextSnapshot(
            takeawayBasketMachine,
            snapshot,
            materialize(event as ModelEvent, snapshot) as never,
          );
          return { event, state: snapshot };
        }),
      };
    });
    const coverage = coverageOf(takeawayBasketMachine, replayed);
    expect(coverage.states.missing).toEqual([]);
    expect(coverage.transitions.missing).toEqual([]);
    // Each state the machine can rest in has its assertions above.
    expect(restingStates(takeawayBasketMachine).sort()).toEqual(
      Object.keys(stateAssertions).sort(),
    );
  });
});
