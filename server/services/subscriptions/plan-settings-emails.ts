import { inArray } from 'drizzle-orm';
import { dayAndDate, cutoffText } from '../../../domain/pasta-plan';
import {
  DELIVERY_DAYS,
  DIETARY_FLAGS,
  INGREDIENTS,
  frequencyLabel,
} from '../../../domain/plan-settings';
import type { Queryable } from '../../db/database';
import { nextOpenWeek } from './open-weeks';
import { addresses, paymentMethods } from '../../db/schema';
import type { Mailer } from '../mailer';
import type { PlanRecipient } from './pasta-plan-emails';

/** One setting that changed: what it is, what it was and what it is now, in words. */
export interface SettingChange {
  setting: string;
  was: string;
  now: string;
}

/** The settings of a plan an email can name (product rule R10.31); what is left out is not compared. */
export interface PlanSettingsSnapshot {
  numberOfRecipes?: number;
  dietary?: Record<string, unknown>;
  avoidedIngredients?: readonly string[];
  deliveryNote?: string | null;
  shippingAddressId?: number | null;
  billingAddressId?: number | null;
  deliveryDay?: number;
  frequency?: number;
  paymentMethodId?: number | null;
}

const listOr = (items: string[], none: string) => (items.length ? items.join(', ') : none);
const dietaryText = (dietary: Record<string, unknown>) =>
  listOr(
    DIETARY_FLAGS.filter(({ flag }) => dietary[flag]).map(({ label }) => label),
    'none',
  );
const ingredientsText = (ids: readonly string[]) =>
  listOr(
    INGREDIENTS.filter(({ id }) => ids.includes(id)).map(({ name }) => name),
    'none',
  );
const dayText = (day: number) => DELIVERY_DAYS.find((d) => d.day === day)?.label ?? `day ${day}`;
const sameList = (a: readonly string[], b: readonly string[]) =>
  [...a].sort().join() === [...b].sort().join();

/**
 * Product rule R10.31: the settings that really changed between two snapshots of a plan, in
 * words; none when the change left everything as it was (a no-op change sends no email).
 */
export async function settingChanges(
  db: Queryable,
  before: PlanSettingsSnapshot,
  after: PlanSettingsSnapshot,
): Promise<SettingChange[]> {
  const changes: SettingChange[] = [];
  const add = (setting: string, was: string, now: string) => changes.push({ setting, was, now });
  if (after.numberOfRecipes !== undefined && before.numberOfRecipes !== after.numberOfRecipes)
    add('Recipes a week', String(before.numberOfRecipes ?? ''), String(after.numberOfRecipes));
  if (after.dietary && dietaryText(before.dietary ?? {}) !== dietaryText(after.dietary))
    add('Dietary preferences', dietaryText(before.dietary ?? {}), dietaryText(after.dietary));
  if (
    after.avoidedIngredients &&
    !sameList(before.avoidedIngredients ?? [], after.avoidedIngredients)
  )
    add(
      'Ingredients to avoid',
      ingredientsText(before.avoidedIngredients ?? []),
      ingredientsText(after.avoidedIngredients),
    );
  if (after.deliveryNote !== undefined && (before.deliveryNote ?? null) !== after.deliveryNote)
    add('Delivery note', before.deliveryNote ?? 'none', after.deliveryNote ?? 'none');
  if (after.deliveryDay !== undefined && before.deliveryDay !== after.deliveryDay)
    add('Delivery day', dayText(before.deliveryDay ?? 0), dayText(after.deliveryDay));
  if (after.frequency !== undefined && before.frequency !== after.frequency)
    add('How often', frequencyLabel(before.frequency ?? 1), frequencyLabel(after.frequency));
  const addressIds = [
    before.shippingAddressId,
    after.shippingAddressId,
    before.billingAddressId,
    after.billingAddressId,
  ].filter((id): id is number => typeof id === 'number');
  const addressRows = addressIds.length
    ? await db.select().from(addresses).where(inArray(addresses.id, addressIds))
    : [];
  const addressText = (id: number | null | undefined) => {
    const row = addressRows.find((a) => a.id === id);
    return row ? `${row.address1}, ${row.city} ${row.zip}` : 'your default address';
  };
  if (after.shippingAddressId !== undefined && before.shippingAddressId !== after.shippingAddressId)
    add(
      'Delivery address',
      addressText(before.shippingAddressId),
      addressText(after.shippingAddressId),
    );
  if (after.billingAddressId !== undefined && before.billingAddressId !== after.billingAddressId)
    add(
      'Billing address',
      addressText(before.billingAddressId),
      addressText(after.billingAddressId),
    );
  if (after.paymentMethodId !== undefined && before.paymentMethodId !== after.paymentMethodId) {
    const ids = [before.paymentMethodId, after.paymentMethodId].filter(
      (id): id is number => typeof id === 'number',
    );
    const methods = ids.length
      ? await db.select().from(paymentMethods).where(inArray(paymentMethods.id, ids))
      : [];
    const methodText = (id: number | null | undefined) => {
      const method = methods.find((m) => m.id === id);
      if (!method) return 'your default payment method';
      if (method.type === 'PaypalAccount') return `PayPal ${method.email ?? ''}`.trim();
      return `${method.brand ?? 'Card'} ending ${method.last4 ?? '····'}`;
    };
    add('Payment method', methodText(before.paymentMethodId), methodText(after.paymentMethodId));
  }
  return changes;
}

/**
 * The first box a change to the plan applies to: its next active week whose cut-off is ahead and
 * that has no order yet (an ordered box is packed as it was ordered). Null without one.
 */
export async function firstBoxChanged(
  db: Queryable,
  subscriptionId: number,
  now: Date,
): Promise<{ deliveryDate: string; billingDate: Date } | null> {
  const week = await nextOpenWeek(db, subscriptionId, now);
  return week ? { deliveryDate: week.deliveryDate, billingDate: week.billingDate } : null;
}

/** Product rule R10.31: the confirmation of a change to the plan's settings. */
export function planSettingsChangedEmail(
  to: PlanRecipient,
  changes: SettingChange[],
  from: { deliveryDate: string; billingDate: Date } | null,
  publicUrl: string,
) {
  return {
    to: to.email,
    subject: 'Your pasta plan settings are changed',
    text: [
      to.firstName ? `Hello ${to.firstName},` : 'Hello,',
      '',
      'You changed your Sfoglia pasta plan:',
      ...changes.map((change) => `- ${change.setting}: ${change.now} (was ${change.was})`),
      '',
      from
        ? `This applies from your box for ${dayAndDate(from.deliveryDate)} (its cut-off is ${cutoffText(from.billingDate)}) onwards; boxes already ordered stay as they are.`
        : 'This applies from your next box; boxes already ordered stay as they are.',
      `See your plan settings: ${publicUrl}/account/pasta-plan/settings`,
    ].join('\n'),
  };
}

/**
 * Product rule R10.31: queues one confirmation for the settings that really changed, in the
 * caller's transaction (the change's own), naming the first box it applies to; nothing when the
 * change changed nothing. Answers whether an email was queued.
 */
export async function confirmPlanSettingsChange(
  tx: Queryable,
  deps: { mailer: Mailer; publicUrl: string; now: Date },
  to: PlanRecipient,
  subscriptionId: number,
  before: PlanSettingsSnapshot,
  after: PlanSettingsSnapshot,
): Promise<boolean> {
  const changes = await settingChanges(tx, before, after);
  if (changes.length === 0) return false;
  const from = await firstBoxChanged(tx, subscriptionId, deps.now);
  await deps.mailer.enqueue(tx, planSettingsChangedEmail(to, changes, from, deps.publicUrl));
  return true;
}
