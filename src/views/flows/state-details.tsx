import type { GuardRule } from '../../../machines/shared/guard-rules';
import type { StateInfo, StatechartGraph } from './statechart-graph';

const keyOf = (graph: StatechartGraph, id: string) =>
  graph.states.find((state) => state.id === id)?.path.join('.') || id;

const ruleText = (rules: readonly string[]) =>
  `product rule${rules.length === 1 ? '' : 's'} ${rules.join(', ')}`;

/** The guards the state's transitions read, each in words with its product rules (R15.2). */
function GuardsInWords({
  names,
  guardRules,
}: {
  names: string[];
  guardRules: Record<string, GuardRule>;
}) {
  if (names.length === 0) return null;
  return (
    <>
      <h3>Guards</h3>
      <dl className="flows__guards">
        {names.map((name) => {
          const rule = guardRules[name];
          return (
            <div key={name}>
              <dt>
                <code className="flows__guard">{name}</code>
              </dt>
              <dd>
                {rule ? (
                  <>
                    {rule.says} <span className="flows__rule">({ruleText(rule.rules)})</span>
                  </>
                ) : (
                  'not described yet'
                )}
              </dd>
            </div>
          );
        })}
      </dl>
    </>
  );
}

/** The chosen state: where it goes, under which guard and why, and what it does on entry. */
export function StateDetails({
  graph,
  state,
  guardRules,
}: {
  graph: StatechartGraph;
  state: StateInfo | undefined;
  guardRules: Record<string, GuardRule>;
}) {
  const outgoing = state ? graph.transitions.filter((t) => t.sourceId === state.id) : [];
  const guardNames = [...new Set(outgoing.flatMap((t) => t.guardNames))];
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
          <GuardsInWords names={guardNames} guardRules={guardRules} />
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
