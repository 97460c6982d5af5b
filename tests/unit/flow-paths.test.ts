import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { EXPORT_COMMAND, PATHS_FILE, allReplayPaths, replayJson } from '../../scripts/paths/export';
import { replayHighlight } from '../../src/views/flows/path-replay';
import type { ReplayPaths } from '../../src/views/flows/replay-path';
import { statechartGraph } from '../../src/views/flows/statechart-graph';
import { takeawayCheckoutMachine } from '../../machines/takeaway-checkout/takeaway-checkout.machine';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** Product rule R15.4: the viewer replays the generated paths, as `npm run paths` makes them. */
describe(`the viewer's generated paths (${PATHS_FILE})`, () => {
  // Generating every machine's shortest paths takes about 20 s, longer on a busy machine.
  it(`is fresh: ${EXPORT_COMMAND} writes it`, async () => {
    const written = readFileSync(`${root}/${PATHS_FILE}`, 'utf8');
    expect(written === replayJson(await allReplayPaths(root)), `run ${EXPORT_COMMAND}`).toBe(true);
  }, 180_000);

  it('each step of a takeaway checkout path lands on a drawn state, its event on an arrow', () => {
    const paths = (JSON.parse(readFileSync(`${root}/${PATHS_FILE}`, 'utf8')) as ReplayPaths)[
      'takeaway-checkout'
    ]!;
    const graph = statechartGraph(takeawayCheckoutMachine);
    expect(paths.length).toBeGreaterThan(10);
    for (const path of paths)
      path.steps.forEach((step, index) => {
        const { stateIds, transitionIds } = replayHighlight(graph, path, index + 1);
        expect(stateIds.length, `${path.name}, step ${index + 1}`).toBeGreaterThan(0);
        if (step.transitions.length > 0)
          expect(transitionIds.length, `${path.name}, step ${index + 1}`).toBeGreaterThan(0);
      });
  });
});
