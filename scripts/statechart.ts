import { toDirectedGraph } from 'xstate/graph';
import type { AnyStateMachine } from 'xstate';
import { addressSearchMachine } from '../machines/address-search/address-search.machine';
import { authMachine } from '../machines/auth/auth.machine';
import { sessionMachine } from '../machines/session/session.machine';
import { takeawayBasketMachine } from '../machines/takeaway-basket/takeaway-basket.machine';
import { takeawayCheckoutMachine } from '../machines/takeaway-checkout/takeaway-checkout.machine';
import { kitCheckoutMachine } from '../machines/kit-checkout/kit-checkout.machine';
import { recipeKitBasketMachine } from '../machines/recipe-kit-basket/recipe-kit-basket.machine';
import { orderPaymentMachine } from '../machines/order-payment/order-payment.machine';
import { verifyEmailMachine } from '../machines/verify-email/verify-email.machine';

/** `npm run statechart -- <flow>`: prints a flow machine as a Mermaid state diagram for docs and reviews. */
const machines: Record<string, AnyStateMachine> = {
  auth: authMachine,
  'address-search': addressSearchMachine,
  session: sessionMachine,
  'takeaway-basket': takeawayBasketMachine,
  'takeaway-checkout': takeawayCheckoutMachine,
  'kit-checkout': kitCheckoutMachine,
  'recipe-kit-basket': recipeKitBasketMachine,
  'order-payment': orderPaymentMachine,
  'verify-email': verifyEmailMachine,
};

type Node = ReturnType<typeof toDirectedGraph>;
const nameOf = (id: string) => id.split('.').slice(1).join('_') || id;

function mermaid(machine: AnyStateMachine): string {
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

const name = process.argv[2];
const machine = name ? machines[name] : undefined;
if (!machine) {
  console.error(`Usage: npm run statechart -- <${Object.keys(machines).join('|')}>`);
  process.exit(1);
}
console.log(mermaid(machine));
