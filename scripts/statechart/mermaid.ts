import type { AnyStateMachine } from 'xstate';
import { toDirectedGraph } from 'xstate/graph';

type Node = ReturnType<typeof toDirectedGraph>;
const nameOf = (id: string) => id.split('.').slice(1).join('_') || id;

/** A machine as a Mermaid state diagram: every transition with its event (calls by actor name). */
export function mermaid(machine: AnyStateMachine): string {
  const lines = ['stateDiagram-v2'];
  const walk = (node: Node) => {
    for (const edge of node.edges) {
      const label = edge.label.text.replace(/^xstate\.(done|error)\.actor\./, '$1: ');
      lines.push(`  ${nameOf(edge.source.id)} --> ${nameOf(edge.target.id)}: ${label}`);
    }
    node.children.forEach(walk);
  };
  const root = toDirectedGraph(machine);
  const initial = root.stateNode.config.initial;
  if (typeof initial === 'string') lines.push(`  [*] --> ${initial}`);
  walk(root);
  return lines.join('\n');
}
