import type { StateInfo, StatechartGraph } from './statechart-graph';

const keyOf = (graph: StatechartGraph, id: string) =>
  graph.states.find((state) => state.id === id)?.path.join('.') || id;

/** The chosen state: where it goes, under which guard, and what it does on entry. */
export function StateDetails({
  graph,
  state,
}: {
  graph: StatechartGraph;
  state: StateInfo | undefined;
}) {
  const outgoing = state ? graph.transitions.filter((t) => t.sourceId === state.id) : [];
  const incoming = state
    ? graph.transitions.filter((t) => t.targetId === state.id && t.sourceId !== state.id)
    : [];
  return (
    <section className="flows__details" aria-labelledby="flows-details-heading" aria-live="polite">
      <h2 id="flows-details-heading">{state ? state.path.join('.') || state.key : 'State'}</h2>
      {!state ? (
        <p className="flows__muted">Choose a state to see its transitions.</p>
      ) : (
        <>
          <dl className="flows__facts">
            <dt>URL</dt>
            <dd>{state.url ? <code>{state.url}</code> : 'none'}</dd>
            <dt>Kind</dt>
            <dd>{state.type}</dd>
            <dt>Entry actions</dt>
            <dd>{state.entryActions.length > 0 ? state.entryActions.join(', ') : 'none'}</dd>
            <dt>Invokes</dt>
            <dd>{state.invokes.length > 0 ? state.invokes.join(', ') : 'none'}</dd>
            {state.tags.length > 0 && (
              <>
                <dt>Tags</dt>
                <dd>{state.tags.join(', ')}</dd>
              </>
            )}
          </dl>
          <h3>Transitions</h3>
          {outgoing.length === 0 ? (
            <p className="flows__muted">
              None:{' '}
              {state.type === 'final' ? 'the flow ends here' : 'its children handle every event'}.
            </p>
          ) : (
            <ol className="flows__transitions">
              {outgoing.map((transition) => (
                <li key={transition.id}>
                  <code>{transition.event}</code>
                  {transition.guard ? (
                    <>
                      {' '}
                      if <code className="flows__guard">{transition.guard}</code>
                    </>
                  ) : null}{' '}
                  → {transition.targetless ? 'stays' : keyOf(graph, transition.targetId)}
                  {transition.actions.length > 0 && (
                    <span className="flows__muted"> ({transition.actions.join(', ')})</span>
                  )}
                </li>
              ))}
            </ol>
          )}
          {incoming.length > 0 && (
            <>
              <h3>Reached from</h3>
              <ul className="flows__transitions">
                {incoming.map((transition) => (
                  <li key={transition.id}>
                    {keyOf(graph, transition.sourceId)} on <code>{transition.event}</code>
                    {transition.guard ? (
                      <>
                        {' '}
                        if <code className="flows__guard">{transition.guard}</code>
                      </>
                    ) : null}
                  </li>
                ))}
              </ul>
            </>
          )}
        </>
      )}
    </section>
  );
}
