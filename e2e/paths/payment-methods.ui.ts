import type { APIRequestContext, Page } from '@playwright/test';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import { PAYMENT_METHOD_MESSAGES } from '../../domain/payment-methods';
import {
  paymentMethodsMachine,
  type MethodsData,
  type PaymentMethodsEvent,
} from '../../machines/payment-methods/payment-methods.machine';
import { pathModel } from '../../tests/machines/payment-methods/events';
import { savedSandboxCard } from '../support/api';
import { expect, signUpViaApi } from '../support/fixtures';
import { expectFlashShown } from '../support/flashes';
import { kitBasket, savedHome } from '../support/kit-checkout';
import { digits, SANDBOX_CARDS } from './card-payments';
import { dropNextCall, outputOf } from './outcomes';
import {
  uiAdapter,
  type Executor,
  type MachineEventType,
  type MachineStateKey,
  type StateCheck,
} from './ui-adapter';

/** A saved method the page should list: the model's id, its label, whether it is the default. */
interface Method {
  id: string;
  label: string;
  isDefault: boolean;
}

/**
 * The walk's customer's saved methods as the page should list them, the ids the server gave the
 * model's, the plan (when the path needs one), the server's refusal the walk brought about.
 */
interface MethodsWorld {
  methods: Method[];
  ids: Record<string, string>;
  planId: string | undefined;
  /** The page the path opens: my details, or the pasta plan for a change of the plan's method. */
  url: string;
  opened: boolean;
  /** The method picked for the plan on the pasta plan page: shown there, refused or not. */
  picked: string | undefined;
  refusal: string | null;
}

type Of<T extends PaymentMethodsEvent['type']> = Extract<PaymentMethodsEvent, { type: T }>;

const BRANCH = { 'X-Branch': 'web' };
const DETAILS = '/account/my-details';
const PLAN = '/account/pasta-plan';

/** The model's two cards (tests/machines/payment-methods/events.ts) as sandbox cards. */
const MODEL_CARDS: Record<string, { number: string; label: string }> = {
  '1': { number: SANDBOX_CARDS.pays, label: 'Visa ending 4242' },
  '2': { number: '5555 5555 5555 4444', label: 'Mastercard ending 4444' },
};
/** The card the walk adds: any Luhn-valid number sets up (docs/payments.md). */
const ADDED = { number: SANDBOX_CARDS.declines, label: 'Visa ending 0002' };

const section = (page: Page) => page.getByRole('region', { name: 'Payment methods' });
const addForm = (page: Page) => section(page).getByRole('form', { name: 'Add a card' });
const planForm = (page: Page) => page.getByRole('form', { name: 'Payment method' });
const dialog = (page: Page) => page.getByRole('dialog', { name: 'Remove this payment method?' });
const labelOf = (world: MethodsWorld, id: string) => world.methods.find((m) => m.id === id)!.label;
const row = (page: Page, world: MethodsWorld, id: string) =>
  section(page).getByRole('listitem', { name: labelOf(world, id) });
const targetOf = (from: AnyMachineSnapshot) =>
  (from.context as { targetId: string | null }).targetId;
const onPlanPage = (after: EventObject[]) =>
  after.some((event) => event.type === 'plan.changeMethod');

/**
 * On my details, where the list is: the pasta plan page has only the plan's choice (its own
 * actor of this machine), so a path that changes the plan's method does nothing else.
 */
const onDetails = ({ after, from }: { after: EventObject[]; from: AnyMachineSnapshot }) =>
  !onPlanPage(after) && (from.context as { planChange: unknown }).planChange === null;

/** A plan (a box ordered through the API) paying with this saved method. */
async function planPaidWith(request: APIRequestContext, methodId: string): Promise<string> {
  const response = await request.post('/api/v2/orders/recipe_kits', {
    headers: BRANCH,
    data: {
      basket_id: await kitBasket(request),
      payment_method_id: methodId,
      shipping_address_id: await savedHome(request),
    },
  });
  expect(response.ok(), await response.text()).toBe(true);
  const plans = await request.get('/api/v2/subscriptions', { headers: BRANCH });
  const [plan] = (await plans.json()).data as { id: string }[];
  return plan!.id;
}

/**
 * The model's cards saved through the sandbox, the first the default; a plan paying with the
 * model's plan's card when the path removes a card or changes the plan's.
 */
async function savedMethods(
  request: APIRequestContext,
  world: MethodsWorld,
  data: Pick<MethodsData, 'methods' | 'plans'>,
) {
  for (const method of data.methods) {
    const card = MODEL_CARDS[method.id]!;
    world.ids[method.id] = await savedSandboxCard(request, digits(card.number));
    world.methods.push({ id: method.id, label: card.label, isDefault: world.methods.length === 0 });
  }
  return data.plans[0]?.paymentMethodId;
}

/** Saves what the read will answer, then opens the page the path is on. */
async function open(
  page: Page,
  world: MethodsWorld,
  data: Pick<MethodsData, 'methods' | 'plans'>,
  after: EventObject[],
) {
  const planMethod = await savedMethods(page.request, world, data);
  const needsPlan = after.some((e) => ['method.remove', 'plan.changeMethod'].includes(e.type));
  if (needsPlan && planMethod)
    world.planId = await planPaidWith(page.request, world.ids[planMethod]!);
  world.url = onPlanPage(after) ? PLAN : DETAILS;
  world.opened = true;
  await page.goto(world.url);
}

/** Each event as the customer brings it about; a new event without one fails to compile. */
const executors = {
  // The page opened with the cards (and plan) the read answers; after "Try again" the read
  // answers them again.
  'xstate.done.actor.loadMethods': async ({ page, event, after, world }) => {
    if (world.opened) return;
    await open(page, world, outputOf<MethodsData>(event)!, after);
  },
  // The methods' read fails on the network as the page opens, with the cards a later read answers.
  // (The pasta plan page shows nothing of a failed read: no "Try again" there.)
  'xstate.error.actor.loadMethods': {
    can: ({ after }) => !onPlanPage(after),
    run: async ({ page, after, world }) => {
      const done = after.find((e) => e.type === 'xstate.done.actor.loadMethods');
      await dropNextCall(page, /\/api\/v2\/payment_methods$/);
      await open(page, world, outputOf<MethodsData>(done) ?? { methods: [], plans: [] }, after);
    },
  },
  'methods.retry': async ({ page }) => {
    await section(page).getByRole('button', { name: 'Try again' }).click();
  },
  'method.remove': {
    can: onDetails,
    run: async ({ page, event, world }) => {
      const { methodId } = event as Of<'method.remove'>;
      await row(page, world, methodId)
        .getByRole('button', { name: `Remove ${labelOf(world, methodId)}` })
        .click();
    },
  },
  // Refused (R11.4): behind this page's back the card becomes the default, while others remain.
  'removal.confirm': async ({ page, next, from, world }) => {
    if (next?.type === 'xstate.error.actor.deleteMethod') {
      const id = world.ids[targetOf(from)!]!;
      const response = await page.request.post(`/api/v2/payment_methods/${id}/default`, {
        headers: BRANCH,
      });
      expect(response.ok(), await response.text()).toBe(true);
      world.refusal = PAYMENT_METHOD_MESSAGES.defaultWithOthers;
    }
    await dialog(page).getByRole('button', { name: 'Yes, remove it' }).click();
  },
  'removal.cancel': async ({ page }) => {
    await dialog(page).getByRole('button', { name: 'Keep it' }).click();
  },
  'method.makeDefault': {
    can: onDetails,
    run: async ({ page, event, next, world }) => {
      const { methodId } = event as Of<'method.makeDefault'>;
      if (next?.type === 'xstate.error.actor.makeDefault') {
        await dropNextCall(page, /\/api\/v2\/payment_methods\/\d+\/default$/);
        world.refusal = PAYMENT_METHOD_MESSAGES.actionFailed;
      }
      await row(page, world, methodId)
        .getByRole('button', { name: `Make ${labelOf(world, methodId)} the default` })
        .click();
    },
  },
  'card.add': {
    can: onDetails,
    run: async ({ page }) => {
      await section(page).getByRole('button', { name: 'Add a card' }).click();
    },
  },
  // A card the sandbox sets up, or one it refuses (fails Luhn) when the save fails.
  'card.save': async ({ page, event, next, world }) => {
    const { cvc } = (event as Of<'card.save'>).card as { cvc: string };
    const refused = next?.type === 'xstate.error.actor.saveCard';
    if (refused) world.refusal = 'Your card number is incorrect.';
    await addForm(page)
      .getByLabel('Card number')
      .fill(refused ? SANDBOX_CARDS.incorrect : ADDED.number);
    await addForm(page).getByLabel('Expiry date').fill('04/39');
    await addForm(page).getByLabel('Security code').fill(cvc);
    await addForm(page).getByRole('button', { name: 'Save card' }).click();
  },
  'add.cancel': async ({ page }) => {
    await addForm(page).getByRole('button', { name: 'Cancel' }).click();
  },
  // Refused: behind this page's back the plan is cancelled, so its method cannot change (409).
  'plan.changeMethod': async ({ page, event, next, world }) => {
    const { methodId } = event as Of<'plan.changeMethod'>;
    if (next?.type === 'xstate.error.actor.changePlanMethod') {
      const response = await page.request.put(`/api/v2/subscriptions/${world.planId}`, {
        headers: BRANCH,
        data: { state: 'cancelled', cancellation_reason: 'moving' },
      });
      expect(response.ok(), await response.text()).toBe(true);
      world.refusal = PAYMENT_METHOD_MESSAGES.cancelledPlan;
    }
    world.picked = world.ids[methodId]!;
    await planForm(page).getByLabel('Pay for this plan with').selectOption(world.picked);
    await planForm(page).getByRole('button', { name: 'Change payment method' }).click();
  },
  'xstate.done.actor.deleteMethod': async ({ from, world }) => {
    const id = targetOf(from);
    world.methods = world.methods.filter((m) => m.id !== id);
  },
  'xstate.error.actor.deleteMethod': async () => {},
  'xstate.done.actor.makeDefault': async ({ from, world }) => {
    const id = targetOf(from);
    world.methods = world.methods
      .map((m) => ({ ...m, isDefault: m.id === id }))
      .sort((a, b) => Number(b.isDefault) - Number(a.isDefault));
  },
  'xstate.error.actor.makeDefault': async () => {},
  'xstate.done.actor.saveCard': async ({ world }) => {
    world.methods.push({ id: 'added', label: ADDED.label, isDefault: false });
  },
  'xstate.error.actor.saveCard': async () => {},
  'xstate.done.actor.changePlanMethod': async () => {},
  'xstate.error.actor.changePlanMethod': async () => {},
} satisfies Record<MachineEventType<typeof paymentMethodsMachine>, Executor<MethodsWorld>>;

/** The section's (or the plan form's) error summary: the refusal the walk brought about. */
async function expectError(page: Page, snapshot: AnyMachineSnapshot, world: MethodsWorld) {
  const { error } = snapshot.context as { error: string | null };
  const summary = page.getByRole('alert').filter({ hasText: 'There is a problem' });
  if (error === null) await expect(summary).toHaveCount(0);
  else await expect(summary).toContainText(world.refusal ?? error);
}

/** A done action's confirmation, as a toast. */
async function expectNotice(page: Page, snapshot: AnyMachineSnapshot) {
  const { notice } = snapshot.context as { notice: string | null };
  if (notice) await expectFlashShown(page, notice);
}

/** The walk's methods, the default first with its badge (my details). */
async function expectMethods(page: Page, world: MethodsWorld) {
  // The method cards (not the error summary's items).
  const items = section(page)
    .getByRole('listitem')
    .filter({ has: page.getByRole('button', { name: /^Remove / }) });
  await expect(items).toHaveCount(world.methods.length);
  for (const [index, { label, isDefault }] of world.methods.entries()) {
    await expect(items.nth(index)).toHaveAccessibleName(label);
    const badge = items.nth(index).getByText('Default', { exact: true });
    await expect(badge).toHaveCount(isDefault ? 1 : 0);
  }
}

/** The list, or on the pasta plan the plan's method as the server holds it. */
const ready: StateCheck<MethodsWorld> = async ({ page, snapshot, world }) => {
  await expect(page).toHaveURL(new RegExp(`${world.url}$`));
  if (world.url === PLAN) {
    const { plans } = snapshot.context as { plans: { paymentMethodId: string }[] };
    await expect(planForm(page).getByLabel('Pay for this plan with')).toHaveValue(
      world.picked ?? world.ids[plans[0]!.paymentMethodId]!,
    );
  } else {
    await expectMethods(page, world);
    await expect(section(page).getByRole('button', { name: 'Add a card' })).toBeEnabled();
  }
  await expectNotice(page, snapshot);
  await expectError(page, snapshot, world);
};

/** What the customer sees in each state (the machine carries no meta.path: its URLs here). */
const states = {
  loading: 'transient',
  deleting: 'transient',
  makingDefault: 'transient',
  savingCard: 'transient',
  changingPlanMethod: 'transient',
  loadFailed: async ({ page }) => {
    await expect(page).toHaveURL(new RegExp(`${DETAILS}$`));
    await expect(section(page).getByRole('alert')).toContainText(
      PAYMENT_METHOD_MESSAGES.actionFailed,
    );
    await expect(section(page).getByRole('button', { name: 'Try again' })).toBeVisible();
  },
  'ready.idle': ready,
  // A refused removal: the card is back where it was, with the server's words (R11.8).
  'ready.restored': ready,
  confirmingRemoval: async ({ page, snapshot, world }) => {
    await expect(page).toHaveURL(new RegExp(`${DETAILS}$`));
    const target = targetOf(snapshot)!;
    await expect(dialog(page)).toContainText(
      `${labelOf(world, target)} will be removed from your account.`,
    );
    // The plan paying with it moves to the default (R11.8).
    const { plans } = snapshot.context as { plans: { paymentMethodId: string }[] };
    const note = dialog(page).getByText('Your pasta plan will be paid with your default');
    await expect(note).toHaveCount(plans.some((p) => p.paymentMethodId === target) ? 1 : 0);
  },
  adding: async ({ page, snapshot, world }) => {
    await expect(page).toHaveURL(new RegExp(`${DETAILS}$`));
    await expect(addForm(page).getByLabel('Card number')).toBeVisible();
    await expectError(page, snapshot, world);
  },
} satisfies Partial<
  Record<MachineStateKey<typeof paymentMethodsMachine>, StateCheck<MethodsWorld>>
>;

export const paymentMethodsUi = uiAdapter(paymentMethodsMachine, {
  machine: 'payment-methods',
  model: pathModel,
  world: (): MethodsWorld => ({
    methods: [],
    ids: {},
    planId: undefined,
    url: DETAILS,
    opened: false,
    picked: undefined,
    refusal: null,
  }),
  entries: {
    // A new customer; the load's executor saves the model's cards and opens the page.
    'the payment methods page': async ({ page }) => {
      await signUpViaApi(page.request);
    },
  },
  executors,
  states,
});
