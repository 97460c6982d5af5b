import type { Ref } from 'react';
import type { Highlight } from './live-highlight';
import { COMPOUND_HEADER, type PlacedState, type StatechartLayout } from './statechart-layout';

interface Props {
  name: string;
  layout: StatechartLayout;
  selectedId: string | null;
  onSelect: (stateId: string) => void;
  svgRef: Ref<SVGSVGElement>;
  /** Drawn at this share of its size; a download is always full size. */
  zoom: number;
  /** Where a running flow or a replayed path is: its state(s) and the transitions just taken. */
  highlight?: Highlight;
}

const MARGIN = 16;
const FINAL_INSET = 4;

const pathOf = (points: { x: number; y: number }[]) =>
  points.map((point, index) => `${index === 0 ? 'M' : 'L'}${point.x},${point.y}`).join(' ');

function StateBox({ placed, selected }: { placed: PlacedState; selected: boolean }) {
  const { state, x, y, width, height, lines } = placed;
  const compound = state.type === 'compound' || state.type === 'parallel';
  const textX = x + 12;
  const nameY = compound ? y + 22 : y + 12 + 16;
  return (
    <>
      <rect
        className={`statechart__box statechart__box--${compound ? 'compound' : 'leaf'}${selected ? ' statechart__box--selected' : ''}`}
        x={x}
        y={y}
        width={width}
        height={height}
        rx={compound ? 14 : 10}
      />
      {state.type === 'final' && (
        <rect
          className="statechart__final"
          x={x + FINAL_INSET}
          y={y + FINAL_INSET}
          width={width - 2 * FINAL_INSET}
          height={height - 2 * FINAL_INSET}
          rx={7}
        />
      )}
      <text className="statechart__name" x={textX} y={nameY}>
        {state.parentId === null ? `${state.key} (machine)` : state.key}
      </text>
      {lines.map((line, index) => (
        <text
          key={line}
          className={
            line.startsWith('invoke ') ? 'statechart__detail' : 'statechart__detail statechart__url'
          }
          x={textX}
          y={nameY + 16 * (index + 1)}
        >
          {line}
        </text>
      ))}
      {compound && (
        <line
          className="statechart__rule"
          x1={x}
          x2={x + width}
          y1={y + COMPOUND_HEADER + 16 * lines.length}
          y2={y + COMPOUND_HEADER + 16 * lines.length}
        />
      )}
    </>
  );
}

/**
 * The statechart drawn from its ELK layout. Clicking a state chooses it; the keyboard and screen
 * readers use the list of states beside it instead (the drawing is one labelled image).
 */
export function StatechartDrawing({
  name,
  layout,
  selectedId,
  onSelect,
  svgRef,
  zoom,
  highlight,
}: Props) {
  const current = new Set(highlight?.stateIds);
  const taken = new Set(highlight?.transitionIds);
  const visited = new Set(highlight?.visitedStateIds);
  const takenBefore = new Set(highlight?.earlierTransitionIds);
  const width = Math.ceil(layout.width + 2 * MARGIN);
  const height = Math.ceil(layout.height + 2 * MARGIN);
  return (
    <svg
      ref={svgRef}
      className="statechart"
      role="img"
      aria-label={`Statechart of ${name}: ${layout.states.length} states and ${layout.transitions.length} transitions`}
      width={Math.round(width * zoom)}
      height={Math.round(height * zoom)}
      data-width={width}
      data-height={height}
      viewBox={`${-MARGIN} ${-MARGIN} ${width} ${height}`}
    >
      <defs>
        <marker
          id="statechart-arrow"
          viewBox="0 0 10 10"
          refX="9"
          refY="5"
          markerWidth="7"
          markerHeight="7"
          orient="auto-start-reverse"
        >
          <path className="statechart__arrowhead" d="M0,0 L10,5 L0,10 z" />
        </marker>
      </defs>
      <rect
        className="statechart__background"
        x={-MARGIN}
        y={-MARGIN}
        width={width}
        height={height}
      />
      {layout.states.map((placed) => (
        <g
          key={placed.state.id}
          className="statechart__state"
          data-state-id={placed.state.id}
          data-current={current.has(placed.state.id) || undefined}
          data-visited={
            (!current.has(placed.state.id) && visited.has(placed.state.id)) || undefined
          }
          onClick={(event) => {
            event.stopPropagation();
            onSelect(placed.state.id);
          }}
        >
          <StateBox placed={placed} selected={placed.state.id === selectedId} />
        </g>
      ))}
      {layout.initials.map((initial) => (
        <g
          key={initial.parentId}
          className="statechart__initial"
          data-initial-of={initial.parentId}
        >
          <circle className="statechart__dot" cx={initial.x} cy={initial.y} r={6} />
          <path
            className="statechart__edge"
            d={pathOf(initial.points)}
            markerEnd="url(#statechart-arrow)"
          />
        </g>
      ))}
      {layout.transitions.map(({ transition, label, points, labelBox }) => (
        <g
          key={transition.id}
          className={`statechart__transition statechart__transition--${transition.kind}${transition.sourceId === selectedId ? ' statechart__transition--selected' : ''}`}
          data-transition-id={transition.id}
          data-taken={taken.has(transition.id) || undefined}
          data-taken-before={
            (!taken.has(transition.id) && takenBefore.has(transition.id)) || undefined
          }
        >
          <path
            className="statechart__edge"
            d={pathOf(points)}
            markerEnd="url(#statechart-arrow)"
          />
          {labelBox && (
            <>
              <rect
                className="statechart__label-box"
                x={labelBox.x}
                y={labelBox.y}
                width={labelBox.width}
                height={labelBox.height}
                rx={3}
              />
              <text className="statechart__label" x={labelBox.x + 4} y={labelBox.y + 12}>
                {label}
              </text>
            </>
          )}
        </g>
      ))}
    </svg>
  );
}
