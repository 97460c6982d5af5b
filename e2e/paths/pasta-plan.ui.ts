import type { APIRequestContext, Page } from '@playwright/test';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import { CANCEL_PLAN_MESSAGES, CANCEL_REASON_LABELS } from '../../domain/cancel-plan';
import {
  dayAndDate,
  isSelectableSubscription,
  PASTA_PLAN_MESSAGES,
  resumeDateChoices,
  type SubscriptionState,
} from '../../domain/pasta-plan';
import {
  chosenWeeks,
  nextSkippableWeek,
  pastaPlanMachine,
  type PastaPlanContext,
  type PastaPlanEvent,
  type PlanData,
} from '../../machines/pasta-plan/pasta-plan.machine';
import { pathModel, plans as modelPlans } from '../../tests/machines/pasta-plan/events';
import { apiCall, savedSandboxCard } from '../support/api';
import { expect } from '../support/fixtures';
import { expectFlashShown } from '../support/flashes';
import { kitBasket, savedHome } from '../support/kit-checkout';
import {
  minuteAfterCutoff,
  newSubscriberViaApi,
  planWeeks,
  type PlanWeek,
} from '../support/subscriber';
import { dropNextCall, isType, outputOf, statusOf } from './outcomes';
import {
  uiAdapter,
  type Executor,
  type MachineEventType,
  type MachineStateKey,
  type StateCheck,
  type UiStep,
} from './ui-adapter';

type WeekState = 'ordered' | 'active' | 'skipped';

/**
 * The walk's customer, each of the model's plans ('1', '2') and weeks of plan '1' ('11' ordered,
 * '12' open, '13' skipped) as its real one, as the page last read it: a change behind the page's
 * back is made only when nothing later in the path reads the plan again.
 */
interface PlanWorld {
  opened: boolean;
  email: string;
  plans: Record<string, { id: string; state: SubscriptionState; resumeOn: string | null }>;
  weeks: Record<string, { week: PlanWeek; state: WeekState }>;
  /** The resume date chosen on the page, standing for the model's. */
  resumeOn: string | null;
  /** The words the page shows for the last call's failure the walk brought about. */
  refusal: string | null;
}

type Of<T extends PastaPlanEvent['type']> = Extract<PastaPlanEvent, { type: T }>;
type Call = 'loadPlan' | 'skipWeek' | 'unskipWeek' | 'pausePlan' | 'resumePlan' | 'cancelPlan';

const PAGE = '/account/pasta-plan';

const contextOf = (snapshot: AnyMachineSnapshot) => snapshot.context as PastaPlanContext;

/** The page's calls, by method and path: the one a step's failure needs is dropped. */
const CALLS: Record<Call, { method: string; path: RegExp }> = {
  loadPlan: { method: 'GET', path: /^\/api\/v2\/subscriptions$/ },
  skipWeek: { method: 'POST', path: /^\/api\/v2\/schedule_weeks\/\d+\/skip$/ },
  unskipWeek: { method: 'POST', path: /^\/api\/v2\/schedule_weeks\/\d+\/unskip$/ },
  pausePlan: { method: 'POST', path: /^\/api\/v2\/subscriptions\/\d+\/pause$/ },
  resumePlan: { method: 'POST', path: /^\/api\/v2\/subscriptions\/\d+\/activate$/ },
  cancelPlan: { method: 'PUT', path: /^\/api\/v2\/subscriptions\/\d+$/ },
};

const hasPlans = (event: EventObject) =>
  outputOf<PlanData>(event)?.plans.some(isSelectableSubscription) ?? false;

/** A second plan when the path chooses one, or the page still shows a plan once one is cancelled. */
function needsSecondPlan(events: EventObject[]) {
  const cancelledAt = events.findIndex((event) => isType(event, 'cancel.done'));
  return (
    events.some((event) => isType(event, 'plan.choose')) ||
    (cancelledAt >= 0 &&
      events
        .slice(cancelledAt)
        .some((event) => isType(event, 'xstate.done.actor.loadPlan') && hasPlans(event)))
  );
}

const subscriptionIds = async (request: APIRequestContext): Promise<string[]> => {
  const response = await request.get('/api/v2/subscriptions', { headers: { 'X-Branch': 'web' } });
  expect(response.ok()).toBe(true);
  return ((await response.json()).data as { id: string }[]).map((plan) => plan.id);
};

/** Another box ordered on a plan (the kit checkout's own calls), then that plan paused. */
async function secondPausedPlan(request: APIRequestContext, first: string): Promise<string> {
  await apiCall(request, 'post', '/orders/recipe_kits', {
    basket_id: await kitBasket(request),
    payment_method_id: await savedSandboxCard(request),
    shipping_address_id: await savedHome(request),
  });
  const second = (await subscriptionIds(request)).find((id) => id !== first)!;
  await apiCall(request, 'post', `/subscriptions/${second}/pause`, {});
  return second;
}

const cancelPlanViaApi = (request: APIRequestContext, planId: string) =>
  apiCall(request, 'put', `/subscriptions/${planId}`, {
    state: 'cancelled',
    cancellation_reason: 'moving',
  });

/**
 * The customer the path needs, as the model's sample holds them: a subscriber (through the API)
 * whose first box is ordered, the next week open and the one after skipped; a second plan, paused,
 * when the path needs one; or, when the page's first read finds no plan, their only plan
 * cancelled. Then the page opened, its read of the plans dropped on the network when asked.
 */
async function openPlanPage(page: Page, world: PlanWorld, events: EventObject[], drop: boolean) {
  world.opened = true;
  const { request } = page;
  world.email = (await newSubscriberViaApi(request)).email;
  const [first] = await subscriptionIds(request);
  const firstRead = events.find((event) => isType(event, 'xstate.done.actor.loadPlan'));
  if (firstRead !== undefined && !hasPlans(firstRead)) {
    await cancelPlanViaApi(request, first!);
  } else {
    world.plans['1'] = { id: first!, state: 'active', resumeOn: null };
    const weeks = (await planWeeks(request)).filter(
      (week) => (week.attributes as { subscription_id?: string }).subscription_id === first,
    );
    for (const [index, model] of modelPlans.weeks.entries()) {
      const week = weeks[index]!;
      const state: WeekState = model.orderId ? 'ordered' : model.state;
      expect(week.attributes.order_id !== null, `week ${index + 1} ordered`).toBe(
        state === 'ordered',
      );
      if (state === 'skipped')
        await apiCall(request, 'post', `/schedule_weeks/${week.id}/skip`, {});
      world.weeks[model.id] = { week, state };
    }
    if (needsSecondPlan(events))
      world.plans['2'] = {
        id: await secondPausedPlan(request, first!),
        state: 'paused',
        resumeOn: null,
      };
  }
  if (drop) await dropCall(page, 'loadPlan');
  await page.goto(PAGE);
}

const dropCall = (page: Page, call: Call) =>
  dropNextCall(page, (url) => CALLS[call].path.test(url.pathname), {
    method: CALLS[call].method,
  });

/**
 * The failure the next event names for the call this click makes. A refusal (an HTTP status) is
 * the real server's, brought about behind the page's back by `refuse` when nothing later in the
 * path reads the plan again (so the change contradicts no later step); a call that never reaches
 * the server, or a refusal with more of the path after it, is dropped on the network.
 */
async function failIfAsked(
  { page, next, after, world }: UiStep<PlanWorld>,
  refuse?: () => Promise<string>,
) {
  world.refusal = null;
  const call = next?.type.match(/^xstate\.error\.actor\.(\w+)$/)?.[1] as Call | undefined;
  if (call === undefined) return;
  const laterReads = after
    .slice(1)
    .some((event) => /^xstate\.(done|error)\.actor\./.test(event.type));
  if (statusOf(next) !== 0 && refuse !== undefined && !laterReads) {
    world.refusal = await refuse();
    return;
  }
  await dropCall(page, call);
  world.refusal = PASTA_PLAN_MESSAGES.actionFailed;
}

/** Product rule R10.5: the week billed at its cut-off has its order: too late to change. */
const billedBehind =
  ({ page, world }: UiStep<PlanWorld>, weekId: string) =>
  async () => {
    await apiCall(page.request, 'post', '/dev/billing_runs', {
      as_of: minuteAfterCutoff(world.weeks[weekId]!.week),
      customer_email: world.email,
    });
    return PASTA_PLAN_MESSAGES.tooLate;
  };

/** Product rule R10.7: a cancelled plan is never changed. */
const cancelledBehind =
  ({ page, world, from }: UiStep<PlanWorld>) =>
  async () => {
    await cancelPlanViaApi(page.request, realPlan(world, contextOf(from).chosenId).id);
    return PASTA_PLAN_MESSAGES.cancelled;
  };

const realPlan = (world: PlanWorld, planId: string | null) => {
  const plan = world.plans[planId ?? ''];
  if (plan === undefined) throw new Error(`pasta-plan: the walk has no plan for ${planId}`);
  return plan;
};

const realWeek = (world: PlanWorld, weekId: string | null) => {
  const week = world.weeks[weekId ?? ''];
  if (week === undefined) throw new Error(`pasta-plan: the walk has no week for ${weekId}`);
  return week;
};

const dayOf = (world: PlanWorld, weekId: string | null) =>
  dayAndDate(realWeek(world, weekId).week.attributes.delivery_date);

const summary = (page: Page) => page.getByRole('region', { name: 'Your plan' });
const pauseForm = (page: Page) => page.getByRole('form', { name: 'Pause your plan' });
const pauseConfirm = (page: Page) => page.getByRole('region', { name: /^Pause your plan until/ });
const reasonForm = (page: Page) => page.getByRole('form', { name: 'Cancel your pasta plan' });
const weekCard = (page: Page, day: string) =>
  page.getByRole('list', { name: 'Your coming weeks' }).getByRole('listitem', { name: day });

/**
 * The page's date standing for the model's: at the same place in the plan's coming delivery
 * dates (R10.8), the page's list being its own plan's.
 */
async function realResumeDate(page: Page, from: AnyMachineSnapshot, until: string) {
  const context = contextOf(from);
  const plan = context.plans.find((p) => p.id === context.chosenId);
  const modelDates = plan?.schedule ? resumeDateChoices(plan.schedule, new Date(context.now)) : [];
  const values = (
    await pauseForm(page)
      .getByLabel('Your boxes start again with the delivery on')
      .locator('option')
      .evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value))
  ).filter((value) => value !== '');
  return values[Math.min(Math.max(modelDates.indexOf(until), 0), values.length - 1)]!;
}

/** Each event as the customer brings it about; a new event without one fails to compile. */
const executors = {
  // The page's first read opens the walk's own page; a later read is the page's own.
  'xstate.done.actor.loadPlan': async ({ page, event, after, world }) => {
    if (!world.opened) await openPlanPage(page, world, [event, ...after], false);
  },
  'xstate.error.actor.loadPlan': async ({ page, event, after, world }) => {
    if (!world.opened) await openPlanPage(page, world, [event, ...after], true);
  },
  'plan.retry': async (step) => {
    await failIfAsked(step);
    await step.page.getByRole('button', { name: 'Try again' }).click();
  },
  'plan.choose': async ({ page, event, world }) => {
    const { planId } = event as Of<'plan.choose'>;
    await page.getByLabel('Plan', { exact: true }).selectOption(realPlan(world, planId).id);
  },
  'week.skip': async (step) => {
    const { weekId } = step.event as Of<'week.skip'>;
    await failIfAsked(step, billedBehind(step, weekId));
    await step.page
      .getByRole('button', { name: `Skip ${dayOf(step.world, weekId)}`, exact: true })
      .click();
  },
  // A skipped week has no order to bill: its refusal is the plan cancelled behind the page's back.
  'week.unskip': async (step) => {
    const { weekId } = step.event as Of<'week.unskip'>;
    await failIfAsked(step, cancelledBehind(step));
    await step.page
      .getByRole('button', { name: `Unskip ${dayOf(step.world, weekId)}`, exact: true })
      .click();
  },
  'xstate.done.actor.skipWeek': async ({ from, world }) => {
    realWeek(world, contextOf(from).weekId).state = 'skipped';
  },
  'xstate.error.actor.skipWeek': async () => {},
  'xstate.done.actor.unskipWeek': async ({ from, world }) => {
    realWeek(world, contextOf(from).weekId).state = 'active';
  },
  'xstate.error.actor.unskipWeek': async () => {},
  // "Change the pause" on a plan already paused.
  'pause.start': async ({ page }) => {
    await summary(page)
      .getByRole('button', { name: /^(Pause plan|Change the pause)$/ })
      .click();
  },
  'pause.choose': async ({ page, event, from, world }) => {
    const { until } = event as Of<'pause.choose'>;
    const form = pauseForm(page);
    if (until === null) {
      await form.getByRole('radio', { name: 'Until I resume it' }).check();
      world.resumeOn = null;
    } else {
      await form.getByRole('radio', { name: 'Until a date' }).check();
      world.resumeOn = until === '' ? null : await realResumeDate(page, from, until);
      await form
        .getByLabel('Your boxes start again with the delivery on')
        .selectOption(world.resumeOn ?? '');
    }
    await form.getByRole('button', { name: 'Continue' }).click();
  },
  'pause.confirm': async (step) => {
    await failIfAsked(step, cancelledBehind(step));
    await pauseConfirm(step.page).getByRole('button', { name: 'Pause plan' }).click();
  },
  'pause.back': async ({ page }) => {
    await pauseConfirm(page).getByRole('button', { name: 'Change' }).click();
  },
  'pause.cancel': async ({ page, from }) => {
    const step = from.matches('pauseChoosing') ? pauseForm(page) : pauseConfirm(page);
    await step.getByRole('button', { name: 'Cancel', exact: true }).click();
  },
  'xstate.done.actor.pausePlan': async ({ from, world }) => {
    const plan = realPlan(world, contextOf(from).chosenId);
    plan.state = 'paused';
    // "Pause instead" pauses until the customer resumes it (R10.17).
    plan.resumeOn = from.matches('pausingInstead') ? null : world.resumeOn;
  },
  'xstate.error.actor.pausePlan': async () => {},
  'plan.resume': async (step) => {
    await failIfAsked(step, cancelledBehind(step));
    await summary(step.page).getByRole('button', { name: 'Resume plan' }).click();
  },
  'xstate.done.actor.resumePlan': async ({ from, world }) => {
    const plan = realPlan(world, contextOf(from).chosenId);
    plan.state = 'active';
    plan.resumeOn = null;
  },
  'xstate.error.actor.resumePlan': async () => {},
  'cancel.start': async ({ page }) => {
    await summary(page).getByRole('button', { name: 'Cancel plan' }).click();
  },
  // A reason once chosen cannot be unchosen (a radio): nothing chosen is the visit's first try,
  // before any reason (the reason step keeps the one given when the customer comes back to it).
  'cancel.reason': {
    can: ({ event, from }) => {
      const { cancelReason, error } = contextOf(from);
      return (event as Of<'cancel.reason'>).reason !== null || (cancelReason === null && !error);
    },
    run: async ({ page, event }) => {
      const { reason, note } = event as Of<'cancel.reason'>;
      const form = reasonForm(page);
      if (reason !== null)
        await form
          .getByRole('radio', {
            name: CANCEL_REASON_LABELS[reason as keyof typeof CANCEL_REASON_LABELS],
          })
          .check();
      if (reason === 'other') await form.getByLabel('Tell us more').fill(note);
      await form.getByRole('button', { name: 'Continue' }).click();
    },
  },
  'cancel.skipInstead': async (step) => {
    const week = nextSkippableWeek(contextOf(step.from));
    await failIfAsked(step, billedBehind(step, week?.id ?? ''));
    await step.page.getByRole('button', { name: /^Skip .+ instead$/ }).click();
  },
  'cancel.pauseInstead': async (step) => {
    await failIfAsked(step, cancelledBehind(step));
    await step.page.getByRole('button', { name: 'Pause instead' }).click();
  },
  'cancel.continue': async ({ page }) => {
    await page.getByRole('button', { name: 'Continue to cancel' }).click();
  },
  'cancel.confirm': async (step) => {
    await failIfAsked(step);
    await step.page.getByRole('button', { name: 'Cancel plan' }).click();
  },
  'cancel.back': async ({ page }) => {
    await page.getByRole('button', { name: 'Back', exact: true }).click();
  },
  'cancel.keep': async ({ page }) => {
    await page.getByRole('button', { name: 'Keep my plan' }).click();
  },
  'cancel.done': async (step) => {
    await failIfAsked(step);
    await step.page.getByRole('button', { name: 'Back to your pasta plan' }).click();
  },
  'xstate.done.actor.cancelPlan': async ({ from, world }) => {
    delete world.plans[contextOf(from).chosenId ?? ''];
  },
  'xstate.error.actor.cancelPlan': async () => {},
} satisfies Record<MachineEventType<typeof pastaPlanMachine>, Executor<PlanWorld>>;

const PLAN_BADGES: Record<SubscriptionState, string> = {
  active: 'Active',
  paused: 'Paused',
  failed: 'Payment failed',
  created: 'Starting',
  cancelled: 'Cancelled',
};
const WEEK_BADGES: Record<WeekState, string> = {
  ordered: 'Ordered',
  active: 'Active',
  skipped: 'Skipped',
};

const onPage = (page: Page) => expect(page).toHaveURL(new RegExp(`${PAGE}$`));
const heading = (page: Page) => page.getByRole('heading', { level: 1 });

/** The error summary: the refusal the walk brought about (or the model's own words), or none. */
async function expectError(page: Page, snapshot: AnyMachineSnapshot, world: PlanWorld) {
  const { error } = contextOf(snapshot);
  const errorSummary = page.getByRole('alert').filter({ hasText: 'There is a problem' });
  if (error === null) await expect(errorSummary).toHaveCount(0);
  else await expect(errorSummary).toContainText(world.refusal ?? error);
}

/** A done action's confirmation, as a toast (product rule R1.5). */
async function expectNotice(page: Page, snapshot: AnyMachineSnapshot) {
  const { notice } = contextOf(snapshot);
  if (notice !== null) await expectFlashShown(page, notice);
}

/** What the customer sees in each state (the machine carries no meta.path: its URL here). */
const states = {
  loading: 'transient',
  skipping: 'transient',
  unskipping: 'transient',
  pausing: 'transient',
  resuming: 'transient',
  skippingInstead: 'transient',
  pausingInstead: 'transient',
  cancelling: 'transient',
  loadFailed: async ({ page }) => {
    await onPage(page);
    await expect(page.getByRole('alert')).toContainText(PASTA_PLAN_MESSAGES.loadFailed);
    await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible();
  },
  noPlan: async ({ page, snapshot }) => {
    await onPage(page);
    await expect(heading(page)).toHaveText('Pasta plan');
    const main = page.getByRole('main');
    if (contextOf(snapshot).endedPlan === null) {
      await expect(main.getByText('You have no pasta plan yet.', { exact: false })).toBeVisible();
      return;
    }
    // Product rule R10.34: all cancelled, the page says so and how to start again.
    await expect(main.getByText('Cancelled', { exact: true })).toBeVisible();
    await expect(main).toContainText(PASTA_PLAN_MESSAGES.ended);
    await expect(main.getByRole('link', { name: 'Choose a box on the menu' })).toHaveAttribute(
      'href',
      '/menu',
    );
  },
  viewing: async ({ page, snapshot, world }) => {
    const context = contextOf(snapshot);
    const plan = realPlan(world, context.chosenId);
    await onPage(page);
    await expect(heading(page)).toHaveText('Pasta plan');
    await expect(summary(page).getByText(PLAN_BADGES[plan.state], { exact: true })).toBeVisible();
    if (plan.state === 'paused')
      await expect(summary(page)).toContainText(
        plan.resumeOn
          ? `Paused until ${dayAndDate(plan.resumeOn)}: your boxes start again that week.`
          : 'Paused until you resume it: no boxes are delivered or charged.',
      );
    // Product rule R10.11: how many plans are active; a choice when there are several.
    const plans = Object.values(world.plans);
    const active = plans.filter((p) => p.state === 'active').length;
    await expect(
      page.getByText(active === 1 ? 'You have 1 active plan.' : `You have ${active} active plans.`),
    ).toBeVisible();
    if (plans.length > 1)
      await expect(page.getByLabel('Plan', { exact: true })).toHaveValue(plan.id);
    // An active plan's weeks (a paused plan's show it paused): ordered, open or skipped (R10.4).
    if (plan.state === 'active')
      for (const { id } of chosenWeeks(context)) {
        const { week, state } = realWeek(world, id);
        await expect(
          weekCard(page, dayAndDate(week.attributes.delivery_date)).getByText(WEEK_BADGES[state], {
            exact: true,
          }),
        ).toBeVisible();
      }
    await expectError(page, snapshot, world);
    await expectNotice(page, snapshot);
  },
  pauseChoosing: async ({ page, snapshot }) => {
    const { error } = contextOf(snapshot);
    await onPage(page);
    await expect(pauseForm(page).getByRole('group', { name: 'How long for?' })).toBeVisible();
    const errorSummary = page.getByRole('alert').filter({ hasText: 'There is a problem' });
    if (error === null) await expect(errorSummary).toHaveCount(0);
    else await expect(errorSummary).toContainText(error);
  },
  pauseConfirming: async ({ page, snapshot, world }) => {
    await onPage(page);
    await expect(pauseConfirm(page).getByRole('heading')).toHaveText(
      contextOf(snapshot).resumeOn === null
        ? 'Pause your plan until you resume it?'
        : `Pause your plan until ${dayAndDate(world.resumeOn!)}?`,
    );
    await expectError(page, snapshot, world);
  },
  cancelReason: async ({ page, snapshot, world }) => {
    const { cancelReason, error } = contextOf(snapshot);
    await onPage(page);
    await expect(reasonForm(page).getByRole('heading')).toHaveText('Cancel your pasta plan');
    // Back from the offers, the reason given is still chosen.
    if (cancelReason !== null && error === null)
      await expect(
        reasonForm(page).getByRole('radio', { name: CANCEL_REASON_LABELS[cancelReason] }),
      ).toBeChecked();
    await expectError(page, snapshot, world);
  },
  cancelOffers: async ({ page, snapshot, world }) => {
    const context = contextOf(snapshot);
    await onPage(page);
    await expect(page.getByRole('heading', { name: 'Before you go' })).toBeVisible();
    // Product rule R10.17: skip the next week, or pause an active plan, instead. The model's weeks
    // are all its first plan's; the walk's second plan has its own, open after its ordered first.
    const skip = page.getByRole('button', { name: /^Skip .+ instead$/ });
    if (context.chosenId !== '1' || nextSkippableWeek(context) !== null)
      await expect(skip).toBeVisible();
    else await expect(skip).toHaveCount(0);
    const pause = page.getByRole('button', { name: 'Pause instead' });
    const state = realPlan(world, context.chosenId).state;
    if (state === 'active' || state === 'failed') await expect(pause).toBeVisible();
    else await expect(pause).toHaveCount(0);
    await expectError(page, snapshot, world);
  },
  cancelConfirming: async ({ page, snapshot, world }) => {
    const { cancelReason, cancelNote } = contextOf(snapshot);
    await onPage(page);
    await expect(page.getByRole('heading', { name: /^Cancel .+\?$/ })).toBeVisible();
    const main = page.getByRole('main');
    if (cancelReason !== null)
      await expect(main).toContainText(
        `Your reason: ${cancelReason === 'other' ? `“${cancelNote}”` : `${CANCEL_REASON_LABELS[cancelReason]}.`}`,
      );
    // Product rule R10.15: what is ordered still comes.
    await expect(main).toContainText(CANCEL_PLAN_MESSAGES.stillDelivered);
    await expectError(page, snapshot, world);
  },
  // Product rule R10.18: the plan shown cancelled, its ordered boxes still delivered, nothing to
  // skip, pause or resume.
  cancelled: async ({ page, snapshot, world }) => {
    const { cancelled } = contextOf(snapshot);
    await onPage(page);
    const main = page.getByRole('main');
    await expect(main.getByText('Cancelled', { exact: true })).toBeVisible();
    await expect(main).toContainText(CANCEL_PLAN_MESSAGES.cancelled);
    // The model's boxes still delivered are plan '1''s: the walk knows its weeks.
    if (cancelled?.plan.id === '1')
      for (const week of cancelled.stillDelivered)
        await expect(main.getByRole('list', { name: 'Boxes still delivered' })).toContainText(
          dayOf(world, week.id),
        );
    await expect(main.getByRole('button', { name: /^(Skip|Unskip|Pause|Resume)/ })).toHaveCount(0);
    await expectNotice(page, snapshot);
  },
} satisfies Partial<Record<MachineStateKey<typeof pastaPlanMachine>, StateCheck<PlanWorld>>>;

export const pastaPlanUi = uiAdapter(pastaPlanMachine, {
  machine: 'pasta-plan',
  model: pathModel,
  world: () => ({
    opened: false,
    email: '',
    plans: {},
    weeks: {},
    resumeOn: null,
    refusal: null,
  }),
  // The page's first read decides whose page it is: opened by the load's executors.
  entries: { 'the pasta plan page': async () => {} },
  executors,
  states,
});
