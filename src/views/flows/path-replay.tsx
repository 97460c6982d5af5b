import { useEffect, useId, useState } from 'react';
import { stateName, statesOfValue, transitionsTaken, type Highlight } from './live-highlight';
import type { ReplayPath } from './replay-path';
import type { StatechartGraph } from './statechart-graph';

/** How long Play rests on each step. */
const PLAY_STEP_MS = 1200;
/** An option's words: the full line is in the steps below. */
const OPTION_LENGTH = 90;

const shortened = (text: string) =>
  text.length > OPTION_LENGTH ? `${text.slice(0, OPTION_LENGTH - 1)}…` : text;

/** Where the path is at step `at` (0: where its entry starts) on the drawing. */
/** An event in words ('type {json}') as its name and the sample data after it. */
const splitEvent = (event: string): [string, string] => {
  const space = event.indexOf(' ');
  return space === -1 ? [event, ''] : [event.slice(0, space), event.slice(space + 1)];
};

export function replayHighlight(graph: StatechartGraph, path: ReplayPath, at: number): Highlight {
  const step = at === 0 ? undefined : path.steps[at - 1];
  return {
    stateIds: statesOfValue(graph, step ? step.value : path.start),
    transitionIds: step ? transitionsTaken(graph, step.transitions) : [],
  };
}

/**
 * The machine's generated paths (product rule R15.4, `npm run paths -- export`): choose one and
 * step along it, or play it; the drawing highlights each step as it goes (onHighlight).
 */
export function PathReplay({
  graph,
  paths,
  onHighlight,
}: {
  graph: StatechartGraph;
  paths: ReplayPath[];
  onHighlight: (highlight: Highlight | undefined) => void;
}) {
  const selectId = useId();
  const [chosen, setChosen] = useState<number | null>(null);
  const [at, setAt] = useState(0);
  const [playing, setPlaying] = useState(false);
  const path = chosen === null ? undefined : paths[chosen];
  const last = path?.steps.length ?? 0;

  useEffect(() => {
    onHighlight(path ? replayHighlight(graph, path, at) : undefined);
  }, [graph, path, at, onHighlight]);

  useEffect(() => {
    if (!playing || at >= last) return;
    const timer = setTimeout(() => {
      setAt(at + 1);
      if (at + 1 >= last) setPlaying(false);
    }, PLAY_STEP_MS);
    return () => clearTimeout(timer);
  }, [playing, at, last]);

  const choose = (value: string) => {
    setChosen(value === '' ? null : Number(value));
    setAt(0);
    setPlaying(false);
  };
  const where = (value: ReplayPath['start']) =>
    statesOfValue(graph, value)
      .map((id) => stateName(graph, id))
      .join(' and ');

  return (
    <section className="flows__paths" aria-labelledby="flows-paths-heading">
      <h2 id="flows-paths-heading">Paths</h2>
      {paths.length === 0 ? (
        <p className="flows__muted">
          No generated paths for this flow yet (no <code>tests/machines/…/events.ts</code>).
        </p>
      ) : (
        <>
          <p className="flows__muted">
            {paths.length} generated paths, together taking every transition the model tests take (
            <code>npm run paths -- list</code> prints them all).
          </p>
          <label htmlFor={selectId}>Path</label>
          <select
            id={selectId}
            className="flows__path-select"
            value={chosen ?? ''}
            onChange={(event) => choose(event.target.value)}
          >
            <option value="">Choose a path to replay</option>
            {paths.map((each, index) => (
              <option key={each.name} value={index}>
                {shortened(`${index + 1}. ${each.name}`)}
              </option>
            ))}
          </select>
        </>
      )}
      {path && (
        <>
          <div className="flows__replay-controls">
            <button
              type="button"
              className="button button--secondary"
              onClick={() => setAt(at - 1)}
              disabled={at === 0}
            >
              Previous
            </button>
            <button
              type="button"
              className="button button--secondary"
              onClick={() => setAt(at + 1)}
              disabled={at === last}
            >
              Next
            </button>
            <button
              type="button"
              className="button button--secondary"
              onClick={() => {
                if (!playing && at === last) setAt(0);
                setPlaying(!playing);
              }}
            >
              {playing ? 'Pause' : 'Play'}
            </button>
          </div>
          <p role="status" className="flows__replay-status">
            Step {at} of {last}: at {where(at === 0 ? path.start : path.steps[at - 1]!.value)}
          </p>
          <ol className="flows__replay-steps">
            <li aria-current={at === 0 ? 'step' : undefined}>
              start [{path.entry}] → {where(path.start)}
            </li>
            {path.steps.map((step, index) => {
              // 'signup.submit {"form":…}': the event's name leads, its sample data follows, quieter.
              const [type, data] = splitEvent(step.event);
              return (
                <li key={index} aria-current={at === index + 1 ? 'step' : undefined}>
                  <code>{type}</code> → {where(step.value)}
                  {data && <span className="flows__replay-data">{data}</span>}
                </li>
              );
            })}
          </ol>
        </>
      )}
    </section>
  );
}
