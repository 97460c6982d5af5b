import type { APIRequestContext, Page } from '@playwright/test';
import type { AnyMachineSnapshot } from 'xstate';
import { ORDER_EDIT_MESSAGES, orderCutoff, orderEditability } from '../../domain/order-edit';
import {
  orderEditMachine,
  type AddressDraft,
  type EditData,
  type EditStep,
  type OrderEditContext,
  type OrderEditEvent,
} from '../../machines/order-edit/order-edit.machine';
import { orderEditEntries, pathModel } from '../../tests/machines/order-edit/events';
import { DEMO, expect, signUpViaApi } from '../support/fixtures';
import { expectFlashShown } from '../support/flashes';
import { GNOCCHI } from '../support/kit-checkout';
import { OTHER_ADDRESS, paidBoxViaApi } from '../support/paid-box';
import { kitchenMoves } from '../support/kitchen-relay';
import { paidTakeawayOrder } from '../support/paid-takeaway-order';
import { dropNextCall, isType, outputOf, statusOf } from './outcomes';
import {
  uiAdapter,
  type Executor,
  type MachineEventType,
  type MachineStateKey,
  type StateCheck,
  type UiStep,
} from './ui-adapter';

/**
 * The walk's order (made when the page's first read is walked), whether its page is open yet (a
 * read after "Try again" is the page's own), and the words the page shows for the refusal the
 * walk brought about (the real server's, not the model's sample).
 */
interface EditWorld {
  orderId: string;
  opened: boolean;
  refusal: string | RegExp | undefined;
}

type Of<T extends OrderEditEvent['type']> = Extract<OrderEditEvent, { type: T }>;
type Step = UiStep<EditWorld>;

const BRANCH = { 'X-Branch': 'web' };

/** A discount voucher for recipe kits (the seed's, £5 off): the server prices it. */
const KIT_VOUCHER = 'KITCHEN5';
/** No voucher has this code: the server answers 404, "Invalid code". */
const UNKNOWN_VOUCHER = 'NOSUCHCODE';
/** The seeded directory lists addresses for this postcode; ZZ9's district does not exist (R3.13). */
const LISTED_POSTCODE = 'w4 2hd';
const UNKNOWN_POSTCODE = 'ZZ9 9ZZ';

const editUrl = (orderId: string, step: string) =>
  `/order/${orderId}/edit${step ? `/${step}` : ''}`;

const contextOf = (snapshot: AnyMachineSnapshot) => snapshot.context as OrderEditContext;

/** The step a change was asked from, as the machine names it ('' for the overview). */
const stepOf = (snapshot: AnyMachineSnapshot): EditStep => {
  if (snapshot.matches({ editing: 'deliveryInfo' })) return 'delivery-info';
  if (snapshot.matches({ editing: 'recipes' })) return 'recipes';
  if (snapshot.matches({ editing: 'address' })) return 'change-delivery-address';
  return '';
};

/** A new customer's paid takeaway: it never changes (product rule R9.19). */
async function takeaway(request: APIRequestContext): Promise<string> {
  await signUpViaApi(request);
  return paidTakeawayOrder(request);
}

interface ListedOrder {
  id: string;
  attributes: { state: string; delivery_date: string | null };
}

/**
 * A box past its week's cut-off: only the demo customer has those (its plan's weeks billed and
 * delivered, seeded relative to today); `paid` asks for one still being prepared, which only its
 * cut-off keeps from changing. The walk only reads it and asks prices: nothing is written.
 */
async function demoBoxPastCutoff(request: APIRequestContext, paid: boolean): Promise<ListedOrder> {
  const session = await request.post('/api/v2/sessions', {
    headers: BRANCH,
    data: { email: DEMO.email, password: DEMO.password },
  });
  expect(session.status()).toBe(201);
  const boxes: ListedOrder[] = [];
  for (const when of ['upcoming', 'past']) {
    const response = await request.get(
      `/api/v2/orders?filter[delivery_date]=${when}&filter[type]=recipe_kit&per_page=100`,
      { headers: BRANCH },
    );
    expect(response.ok()).toBe(true);
    boxes.push(...((await response.json()).data as ListedOrder[]));
  }
  const now = new Date();
  const box = boxes.find(
    ({ attributes }) =>
      orderCutoff(attributes.delivery_date)! <= now && (!paid || attributes.state === 'paid'),
  );
  // The seed bills next week's box at this week's cut-off (Friday 12:00 UTC): before it on a
  // Friday, this week's box is already delivered.
  expect(box, `a demo box past its cut-off${paid ? ', still being prepared' : ''}`).toBeTruthy();
  return box!;
}

/**
 * Friday from 00:00 to 12:00 UTC: the demo's Thursday box is delivered and next week's is not
 * billed until the cut-off at 12:00, so no box is still being prepared past its cut-off, and a
 * price refused as too late cannot be brought about (the walk is left out, and named, then).
 */
const noPaidBoxPastItsCutoff = (now: Date) => now.getUTCDay() === 5 && now.getUTCHours() < 12;

/**
 * The page opened a minute before the box's cut-off (this tab's clock only, set back), so the
 * customer's change reaches the server after it: the real server's clock refuses it (409).
 */
async function openedBeforeTheCutoff(page: Page, deliveryDate: string) {
  const offset = orderCutoff(deliveryDate)!.getTime() - 60_000 - Date.now();
  await page.addInitScript((shift: number) => {
    const RealDate = Date;
    class TabDate extends RealDate {
      constructor(...args: [number?]) {
        if (args.length === 0) super(RealDate.now() + shift);
        else super(...(args as [number]));
      }
      static override now() {
        return RealDate.now() + shift;
      }
    }
    globalThis.Date = TabDate as DateConstructor;
  }, offset);
}

/** The order the page's first read must find: the model's sample decides which. */
async function orderFor({ page, event, after }: Step): Promise<string> {
  const data = outputOf<EditData>(event)!;
  if (data.order.orderType === 'takeaway') return takeaway(page.request);
  const order = { ...data.order, type: data.order.orderType };
  if (!orderEditability(order, new Date(data.now)).editable)
    return (await demoBoxPastCutoff(page.request, false)).id;
  // A price refused as too late: a demo box past its cut-off, opened in a tab whose clock is
  // before it. (A save refused once priced is the kitchen taking a paid box on, below.)
  const tooLate = after.some(
    (later) => isType(later, 'xstate.error.actor.previewChange') && statusOf(later) === 409,
  );
  if (!tooLate) return paidBoxViaApi(page.request, { otherAddress: true });
  const box = await demoBoxPastCutoff(page.request, true);
  await openedBeforeTheCutoff(page, box.attributes.delivery_date!);
  return box.id;
}

/** The order's own calls after its id: '' is its read and its dishes' change. */
const orderCall = (orderId: string, suffix: string) => (url: URL) =>
  url.pathname === `/api/v2/orders/${orderId}${suffix}`;

/** Each step's change, as its call (method and path after the order's) is made. */
const CHANGE_CALLS: Record<EditStep, { method: string; suffix: string | RegExp }> = {
  '': { method: 'POST', suffix: '/voucher' },
  'delivery-info': { method: 'POST', suffix: '/delivery_date' },
  recipes: { method: 'PUT', suffix: '' },
  'change-delivery-address': { method: 'PUT', suffix: /^\/shipping_address\/\d+$/ },
};

/** The next change call from this step dropped on the network: it never reaches the server. */
async function dropNextChange(page: Page, world: EditWorld, step: EditStep) {
  const { method, suffix } = CHANGE_CALLS[step];
  const prefix = `/api/v2/orders/${world.orderId}`;
  await dropNextCall(
    page,
    (url) =>
      url.pathname.startsWith(prefix) &&
      (typeof suffix === 'string'
        ? url.pathname === `${prefix}${suffix}`
        : suffix.test(url.pathname.slice(prefix.length))),
    { method },
  );
  world.refusal = 'Something went wrong';
}

const seeTheNewTotal = (page: Page) =>
  page.getByRole('button', { name: 'See the new total' }).click();

/**
 * A change from each step, as the customer makes it: a voucher on the overview (KITCHEN5, or a
 * code that does not exist for the server's refusal), another day, one more dish (or one fewer,
 * below the minimum, for the server's refusal, product rule R7.13), the other saved address.
 * The delivery day's and the address's refusals are their calls dropped on the network: the
 * pages offer only days and addresses the server takes.
 */
async function reviewChange({ page, from, next, world }: Step) {
  const step = stepOf(from);
  const refused = isType(next, 'xstate.error.actor.previewChange') && statusOf(next) === 400;
  if (step === '') {
    await page.getByLabel('Voucher code').fill(refused ? UNKNOWN_VOUCHER : KIT_VOUCHER);
    if (refused) world.refusal = 'Invalid code';
    await page.getByRole('button', { name: 'Apply voucher' }).click();
    return;
  }
  if (step === 'delivery-info') {
    const days = page.getByRole('group', { name: 'Which day should we deliver?' });
    await days.getByRole('radio', { checked: false }).first().check();
  } else if (step === 'recipes') {
    if (refused) {
      await page
        .getByRole('button', { name: /^Remove one /, disabled: false })
        .first()
        .click();
      world.refusal = /to reach the £10\.00 minimum/;
    } else await page.getByRole('button', { name: `Add one more ${GNOCCHI}`, exact: true }).click();
  } else {
    await page.getByRole('radio', { name: new RegExp(OTHER_ADDRESS.address1) }).check();
  }
  if (refused && step !== 'recipes') await dropNextChange(page, world, step);
  await seeTheNewTotal(page);
}

/** The new address form's fields, by the draft's keys. */
const FIELDS: [keyof AddressDraft, string][] = [
  ['firstName', 'First name'],
  ['lastName', 'Last name'],
  ['phone', 'Phone number'],
  ['address1', 'Address line 1'],
  ['city', 'Town or city'],
  ['zip', 'Postcode'],
];

const addressForm = (page: Page) => page.getByRole('form', { name: 'New delivery address' });

/**
 * The draft as the customer types it: a field the finder filled is left as it is. A save the
 * server refuses gets a first line longer than the contract's 200 characters (the form does not
 * count them), answered 400 on its field.
 */
async function typeDraft(page: Page, draft: AddressDraft, refused: boolean) {
  for (const [field, label] of FIELDS) {
    const input = addressForm(page).getByLabel(label, { exact: true });
    const value = field === 'address1' && refused ? draft.address1.padEnd(201, '.') : draft[field];
    if (value === '' && (await input.inputValue()) !== '') continue;
    await input.fill(value);
  }
}

/** Each event as the customer brings it about; a new event without one fails to compile. */
const executors = {
  // The page's first read opens the walk's own order at the entry's URL.
  'xstate.done.actor.loadOrder': async (step) => {
    const { page, from, world } = step;
    if (world.opened) return;
    world.opened = true;
    world.orderId = await orderFor(step);
    await page.goto(editUrl(world.orderId, contextOf(from).entryStep));
  },
  'xstate.error.actor.loadOrder': async ({ page, from, world }) => {
    world.opened = true;
    world.orderId = await paidBoxViaApi(page.request, { otherAddress: true });
    await dropNextCall(page, orderCall(world.orderId, ''), { method: 'GET' });
    await page.goto(editUrl(world.orderId, contextOf(from).entryStep));
  },
  'order.retry': async ({ page }) => {
    await page.getByRole('button', { name: 'Try again' }).click();
  },
  // The overview offers each step; every step offers the overview ("Back to what you can
  // change"); a step never offers itself or another step.
  'step.open': {
    can: ({ event, from }) => {
      const { step } = event as Of<'step.open'>;
      if (from.matches({ editing: 'findingAddress' }) || from.matches({ editing: 'savingAddress' }))
        return false;
      return from.matches({ editing: 'overview' }) ? step !== '' : step === '';
    },
    run: async ({ page, event }) => {
      const { step } = event as Of<'step.open'>;
      const name = {
        '': 'Back to what you can change',
        'delivery-info': 'Change delivery day',
        recipes: 'Change dishes',
        'change-delivery-address': 'Change address',
      }[step];
      await page.getByRole('button', { name }).click();
    },
  },
  // The browser's Back, to the step walked before this one: the only URL of another step the
  // customer reaches without a click on the page (a typed one loads the page afresh).
  'url.changed': {
    can: ({ event, from, visited }) => {
      const { path } = event as Of<'url.changed'>;
      return (
        !from.matches({ editing: 'findingAddress' }) &&
        !from.matches({ editing: 'savingAddress' }) &&
        visited.length >= 2 &&
        visited.at(-2) === path
      );
    },
    run: async ({ page }) => {
      await page.goBack();
    },
  },
  // The overview's change is the voucher: once a change is saved it may be on the box already.
  'change.review': {
    can: ({ from }) => stepOf(from) !== '' || contextOf(from).noticeId === 0,
    run: reviewChange,
  },
  'xstate.done.actor.previewChange': async () => {},
  'xstate.error.actor.previewChange': {
    can: ({ event }) => statusOf(event) !== 409 || !noPaidBoxPastItsCutoff(new Date()),
  },
  // A save refused from a step is its call dropped on the network; refused as closed (409), the
  // kitchen has taken the box on since it was priced (R9.19: an accepted box no longer changes).
  'change.confirm': async ({ page, from, next, world }) => {
    if (isType(next, 'xstate.error.actor.saveChange') && statusOf(next) === 409)
      await kitchenMoves(page.request, world.orderId, 'accepted');
    else if (isType(next, 'xstate.error.actor.saveChange'))
      await dropNextChange(page, world, contextOf(from).fromStep);
    await page.getByRole('button', { name: 'Confirm change' }).click();
  },
  'change.back': async ({ page }) => {
    await page.getByRole('button', { name: 'Go back' }).click();
  },
  'xstate.done.actor.saveChange': async () => {},
  'xstate.error.actor.saveChange': async () => {},
  'address.new': async ({ page }) => {
    await page.getByRole('button', { name: 'Use a new address' }).click();
  },
  // A postcode the lookup must answer is one the directory lists, or one whose district does
  // not exist for its refusal (the server's 404, naming it).
  'address.find': async ({ page, event, next, world }) => {
    const { postcode } = event as Of<'address.find'>;
    const refused = isType(next, 'xstate.error.actor.lookupPostcode');
    const looked = isType(next, 'xstate.done.actor.lookupPostcode');
    world.refusal = refused ? UNKNOWN_POSTCODE : undefined;
    await page
      .getByLabel('Find the address by postcode')
      .fill(refused ? UNKNOWN_POSTCODE : looked ? LISTED_POSTCODE : postcode);
    await page.getByRole('button', { name: 'Find address' }).click();
  },
  // The directory lists addresses for every postcode it knows.
  'xstate.done.actor.lookupPostcode': {
    can: ({ event }) => (outputOf<unknown[]>(event)?.length ?? 0) > 0,
  },
  'xstate.error.actor.lookupPostcode': async () => {},
  // What the customer typed first (the model's draft), then the address found.
  'foundAddress.choose': async ({ page, event }) => {
    await typeDraft(page, (event as Of<'foundAddress.choose'>).draft, false);
    await page.getByLabel('Choose the address').selectOption({ index: 1 });
  },
  // The model's draft as typed: without a street (the form's own problems), or in full.
  'newAddress.submit': async ({ page, event, next, world }) => {
    const { draft } = event as Of<'newAddress.submit'>;
    const refused = isType(next, 'xstate.error.actor.saveNewAddress');
    world.refusal = refused ? /\S/ : undefined;
    await typeDraft(page, draft, refused);
    await addressForm(page).getByRole('button', { name: 'Save and see the new total' }).click();
  },
  'newAddress.cancel': async ({ page }) => {
    await addressForm(page).getByRole('button', { name: 'Cancel' }).click();
  },
  'xstate.done.actor.saveNewAddress': async () => {},
  'xstate.error.actor.saveNewAddress': async () => {},
} satisfies Record<MachineEventType<typeof orderEditMachine>, Executor<EditWorld>>;

const heading = (page: Page) => page.getByRole('heading', { level: 1 });
const errorSummary = (page: Page) =>
  page.getByRole('alert').filter({ hasText: 'There is a problem' });

/** The URL of the walk's order at this step (the machine's meta.path is relative to it). */
const expectAt = async (page: Page, world: EditWorld, step: string) =>
  expect(page).toHaveURL(new RegExp(`${editUrl(world.orderId, step)}$`));

/** A step's error summary: the refusal the walk brought about, or none. */
async function expectRefusal(page: Page, snapshot: AnyMachineSnapshot, world: EditWorld) {
  if (contextOf(snapshot).error === null) await expect(errorSummary(page)).toHaveCount(0);
  else await expect(errorSummary(page)).toContainText(world.refusal ?? /\S/);
}

/** What the customer sees in each state besides its URL. */
const states = {
  loading: 'transient',
  'editing.findingAddress': 'transient',
  'editing.savingAddress': 'transient',
  'changing.previewing': 'transient',
  'changing.saving': 'transient',
  loadFailed: async ({ page, snapshot, world }) => {
    await expectAt(page, world, contextOf(snapshot).entryStep);
    await expect(heading(page)).toHaveText('Change your order');
    await expect(page.getByText('We were unable to process your request.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible();
  },
  // Product rule R9.19: a takeaway order, or one past its cut-off, says why, at the overview URL.
  closed: async ({ page, snapshot, world }) => {
    await expectAt(page, world, '');
    await expect(heading(page)).toHaveText('This order can no longer change');
    // The server's words; too late, with the real box's cut-off rather than the model's.
    const reason = contextOf(snapshot).closedReason ?? ORDER_EDIT_MESSAGES.takeaway;
    await expect(page.getByRole('main')).toContainText(
      reason.startsWith('Too late') ? /Too late to change this order: / : reason,
    );
    await expect(page.getByRole('link', { name: 'Back to your order' })).toBeVisible();
  },
  'editing.overview': async ({ page, snapshot, world }) => {
    await expectAt(page, world, '');
    await expect(heading(page)).toHaveText(/^Change order /);
    await expect(page.getByText(/You can change this box until/)).toBeVisible();
    await expectRefusal(page, snapshot, world);
    if (contextOf(snapshot).notice !== null) {
      await expectFlashShown(page, ORDER_EDIT_MESSAGES.saved);
      await expect(
        page.getByRole('button', { name: `Remove voucher ${KIT_VOUCHER}` }),
      ).toBeVisible();
    }
  },
  'editing.deliveryInfo': async ({ page, snapshot, world }) => {
    await expectAt(page, world, 'delivery-info');
    await expect(heading(page)).toHaveText('Delivery day and note');
    await expect(page.getByRole('group', { name: 'Which day should we deliver?' })).toBeVisible();
    await expectRefusal(page, snapshot, world);
  },
  'editing.recipes': async ({ page, snapshot, world }) => {
    await expectAt(page, world, 'recipes');
    await expect(heading(page)).toHaveText('Your dishes this week');
    await expect(
      page.getByRole('button', { name: `Add one more ${GNOCCHI}`, exact: true }),
    ).toBeVisible();
    await expectRefusal(page, snapshot, world);
  },
  'editing.address': async ({ page, snapshot, world }) => {
    await expectAt(page, world, 'change-delivery-address');
    await expect(heading(page)).toHaveText('Delivery address');
    await expect(
      page.getByRole('radio', { name: new RegExp(OTHER_ADDRESS.address1) }),
    ).toBeVisible();
    await expectRefusal(page, snapshot, world);
  },
  // Product rule R9.25: the finder's and the form's problems, the addresses found, the form
  // filled from the one chosen.
  'editing.newAddress': async ({ page, snapshot, world }) => {
    const { errors, lookup, draftVersion } = contextOf(snapshot).newAddress;
    await expectAt(page, world, 'change-delivery-address');
    await expect(heading(page)).toHaveText('A new delivery address');
    if (errors.length === 0) await expect(errorSummary(page)).toHaveCount(0);
    for (const error of errors)
      await expect(errorSummary(page)).toContainText(world.refusal ?? error.message);
    if ((lookup?.addresses.length ?? 0) > 0)
      await expect(page.getByLabel('Choose the address')).toBeVisible();
    if (draftVersion > 0) {
      await expect(addressForm(page).getByLabel('Postcode', { exact: true })).toHaveValue('W4 2HD');
      await expect(addressForm(page).getByLabel('First name')).not.toHaveValue('');
    }
  },
  // Product rule R9.23: the new total, and what it means for the card or the store credit.
  'changing.reviewing': async ({ page }) => {
    await expect(heading(page)).toHaveText('Check your change');
    await expect(page.getByText(/^Was £/)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Confirm change' })).toBeEnabled();
  },
} satisfies Partial<Record<MachineStateKey<typeof orderEditMachine>, StateCheck<EditWorld>>>;

export const orderEditUi = uiAdapter(orderEditMachine, {
  machine: 'order-edit',
  model: pathModel,
  world: () => ({ orderId: '', opened: false, refusal: undefined }),
  // The page's first read decides whose order it is: opened by the load's executors, at the
  // entry's URL.
  entries: Object.fromEntries(orderEditEntries.map(({ name }) => [name, async () => {}])),
  executors,
  states,
  notThroughTheUi: {
    ...(noPaidBoxPastItsCutoff(new Date())
      ? {
          'changing.previewing xstate.error.actor.previewChange → closed':
            'on a Friday before 12:00 UTC no box still being prepared is past its cut-off (the demo customer’s Thursday box is delivered, next week’s not billed yet), so no price is refused as too late',
        }
      : {}),
  },
});
