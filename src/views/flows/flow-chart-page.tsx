import { useEffect, useMemo, useRef, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import NotFoundPage from '../../components/not-found-page';
import { useDocumentTitle } from '../../app/use-document-title';
import { download, pngOf, standaloneSvg } from './chart-export';
import { flowGuardRules, flowMachine, flowNames } from './flow-machines';
import { statechartGraph, type StateInfo, type StatechartGraph } from './statechart-graph';
import { layoutStatechart, type StatechartLayout } from './statechart-layout';
import { elkInWorker } from './elk-in-worker';
import { StatechartDrawing } from './statechart-drawing';
import { StateDetails } from './state-details';
import { stateName, type Highlight, type TrailLine } from './live-highlight';
import { PathReplay } from './path-replay';
import type { ReplayPath, ReplayPaths } from './replay-path';
import { useLiveFlow, type LiveFlow } from './use-live-flow';

/** Zoom levels of the drawing: the big checkouts are several screens wide at full size. */
const ZOOMS = [0.25, 0.4, 0.6, 0.8, 1, 1.25];
const DEFAULT_ZOOM = 2;

type Chart =
  | { status: 'loading' }
  | { status: 'ready'; graph: StatechartGraph; layout: StatechartLayout; paths: ReplayPath[] }
  | { status: 'failed'; message: string };

function StateTree({
  graph,
  parentId,
  selectedId,
  onSelect,
}: {
  graph: StatechartGraph;
  parentId: string;
  selectedId: string | null;
  onSelect: (id: string) => void;
}) {
  const children = graph.states.filter((state) => state.parentId === parentId);
  if (children.length === 0) return null;
  return (
    <ul className="flows__tree">
      {children.map((state) => (
        <li key={state.id}>
          <button
            type="button"
            className="flows__state-button"
            aria-pressed={state.id === selectedId}
            onClick={() => onSelect(state.id)}
          >
            {state.key}
            {state.type === 'final' && <span className="flows__state-kind"> (final)</span>}
          </button>
          <StateTree
            graph={graph}
            parentId={state.id}
            selectedId={selectedId}
            onSelect={onSelect}
          />
        </li>
      ))}
    </ul>
  );
}

/** The live region's words for where the flow runs in another tab (product rule R15.3). */
function liveText(name: string, graph: StatechartGraph, live: LiveFlow | null): string {
  if (!live) return '';
  if (!live.running) return `Live: ${name} in another tab has closed.`;
  const at = live.stateIds.map((id) => stateName(graph, id)).join(' and ');
  return `Live: ${name} in another tab is at ${at || 'a state not drawn here'}.`;
}

/**
 * The running flow's steps so far, oldest first (product rule R15.3): a viewer opened after the
 * flow started sees the way it came, in words as on the drawing. Outside the live region, so a
 * screen reader hears the current state, not the whole list, at each step.
 */
function LiveTrail({ graph, steps }: { graph: StatechartGraph; steps: TrailLine[] }) {
  return (
    <details className="flows__trail">
      <summary>Its steps so far ({steps.length})</summary>
      {/* Scrolls when long: focusable, so the keyboard can scroll it too. */}
      <ol tabIndex={0} aria-label="Its steps so far">
        {steps.map((step, index) => (
          <li key={index}>
            <code>{step.event}</code> →{' '}
            {step.stateIds.map((id) => stateName(graph, id)).join(' and ')}
          </li>
        ))}
      </ol>
    </details>
  );
}

/** /flows/{machine}: one machine's statechart, its states as a list, the chosen one's details. */
export function FlowChartPage() {
  const { machine = '' } = useParams();
  // A new machine starts from nothing loaded and nothing chosen.
  return <FlowChart key={machine} name={machine} />;
}

function FlowChart({ name }: { name: string }) {
  useDocumentTitle(`${name} statechart`);
  const known = flowNames().includes(name);
  const [chart, setChart] = useState<Chart>({ status: 'loading' });
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const svgRef = useRef<SVGSVGElement>(null);
  const [zoomAt, setZoomAt] = useState(DEFAULT_ZOOM);
  const live = useLiveFlow(chart.status === 'ready' ? chart.graph : null);
  const [replayed, setReplayed] = useState<Highlight | undefined>();
  // A path being replayed has the drawing; else a flow running in another tab.
  const highlight = replayed ?? (live?.running ? live : undefined);

  useEffect(() => {
    if (!known) return;
    let current = true;
    Promise.resolve()
      .then(async () => {
        const graph = statechartGraph(flowMachine(name)!);
        // The generated paths (R15.4, `npm run paths -- export`): a chunk of their own.
        const [layout, paths] = await Promise.all([
          layoutStatechart(graph, elkInWorker),
          import('./flow-paths.json').then((module) => module.default as unknown as ReplayPaths),
        ]);
        if (current) setChart({ status: 'ready', graph, layout, paths: paths[name] ?? [] });
      })
      .catch((error: unknown) => {
        if (current)
          setChart({ status: 'failed', message: error instanceof Error ? error.message : '' });
      });
    return () => {
      current = false;
    };
  }, [name, known]);

  const selected = useMemo<StateInfo | undefined>(
    () =>
      chart.status === 'ready'
        ? chart.graph.states.find((state) => state.id === selectedId)
        : undefined,
    [chart, selectedId],
  );

  if (!known) return <NotFoundPage />;

  const saveSvg = () => {
    if (!svgRef.current) return;
    download(`${name}.svg`, new Blob([standaloneSvg(svgRef.current)], { type: 'image/svg+xml' }));
  };
  const savePng = async () => {
    const svg = svgRef.current;
    if (!svg) return;
    const png = await pngOf(
      standaloneSvg(svg),
      Number(svg.dataset.width),
      Number(svg.dataset.height),
    );
    download(`${name}.png`, png);
  };

  return (
    <div className="flows">
      <p className="flows__back">
        <Link to="/flows">All flows</Link>
      </p>
      <h1>{name}</h1>
      {chart.status === 'loading' && (
        <p className="page-loading" role="status">
          Drawing the statechart…
        </p>
      )}
      {chart.status === 'failed' && (
        <p role="alert">This statechart could not be drawn. {chart.message}</p>
      )}
      {chart.status === 'ready' && (
        <>
          <p className="flows__lead">
            {chart.graph.states.length - 1} states and {chart.graph.transitions.length} transitions.
            Choose a state in the list or the drawing to see where it goes and why.
          </p>
          <div role="status" aria-live="polite">
            {live && <p className="flows__live">{liveText(name, chart.graph, live)}</p>}
          </div>
          {live?.running && <LiveTrail graph={chart.graph} steps={live.steps} />}
          <div className="flows__actions">
            <button type="button" className="button button--secondary" onClick={saveSvg}>
              Download SVG
            </button>
            <button
              type="button"
              className="button button--secondary"
              onClick={() => void savePng()}
            >
              Download PNG
            </button>
          </div>
          {/* The drawing first, then the replay's controls beside it (below it on a phone), its
              details and the states as a list: reading order and visual order agree. */}
          <div className="flows__layout">
            <figure className="flows__figure">
              <div className="flows__zoom">
                <button
                  type="button"
                  className="button button--quiet"
                  onClick={() => setZoomAt(Math.max(0, zoomAt - 1))}
                  disabled={zoomAt === 0}
                >
                  Zoom out
                </button>
                <output aria-label="Zoom">{Math.round(ZOOMS[zoomAt]! * 100)}%</output>
                <button
                  type="button"
                  className="button button--quiet"
                  onClick={() => setZoomAt(Math.min(ZOOMS.length - 1, zoomAt + 1))}
                  disabled={zoomAt === ZOOMS.length - 1}
                >
                  Zoom in
                </button>
              </div>
              <div
                className="flows__scroll"
                role="region"
                aria-label="Statechart drawing"
                tabIndex={0}
              >
                <StatechartDrawing
                  name={name}
                  layout={chart.layout}
                  selectedId={selectedId}
                  onSelect={setSelectedId}
                  svgRef={svgRef}
                  zoom={ZOOMS[zoomAt]!}
                  highlight={highlight}
                />
              </div>
              <figcaption className="flows__legend">
                A dot marks the first state; a double border, a final one. Solid arrows are events,
                dashed ones automatic routing (<code>always</code>), dotted ones timers (
                <code>after</code>); guards are in square brackets.
              </figcaption>
            </figure>
            <div className="flows__side">
              <PathReplay graph={chart.graph} paths={chart.paths} onHighlight={setReplayed} />
              <StateDetails
                graph={chart.graph}
                state={selected}
                guardRules={flowGuardRules(name)}
              />
              <section className="flows__states" aria-labelledby="flows-states-heading">
                <h2 id="flows-states-heading">States</h2>
                <StateTree
                  graph={chart.graph}
                  parentId={chart.graph.rootId}
                  selectedId={selectedId}
                  onSelect={setSelectedId}
                />
              </section>
            </div>
          </div>
        </>
      )}
    </div>
  );
}
