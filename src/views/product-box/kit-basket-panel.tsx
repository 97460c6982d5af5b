import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import type { Actor } from 'xstate';
import type { recipeKitBasketMachine } from '../../../machines/recipe-kit-basket/recipe-kit-basket.machine';
import { BasketTotals, BasketVoucherForm, QuantityButtons } from '../../components/basket-parts';
import { formatPrice } from '../../../domain/money';
import { planRecipesFor, pricePerServingPence, weekName } from '../../../domain/recipe-kit-basket';

type KitBasketActor = Actor<typeof recipeKitBasketMachine>;

const FREQUENCY_CHOICES = [1, 2, 3, 4];
const frequencyLabel = (weeks: number) => (weeks === 1 ? 'Every week' : `Every ${weeks} weeks`);
const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
const dayFormat = new Intl.DateTimeFormat('en-GB', {
  weekday: 'long',
  day: 'numeric',
  month: 'short',
  timeZone: 'UTC',
});
const deliveryDay = (date: string) => dayFormat.format(new Date(`${date}T00:00:00Z`));

/**
 * The plan, chosen explicitly (product rule R7.19): a box on a plan or a one-off box, as two
 * radio cards with the price per serving; on a plan, its frequency (R7.14). The number of recipes
 * follows the box (R7.20): it is sent whenever the first week's dishes change.
 */
function PlanForm({ actor }: { actor: KitBasketActor }) {
  const numberOfRecipes = useSelector(actor, (s) => s.context.basket?.numberOfRecipes ?? null);
  const frequency = useSelector(actor, (s) => s.context.basket?.frequency ?? null);
  const onPlan = useSelector(actor, (s) => s.context.basket?.startSubscription ?? true);
  const lines = useSelector(actor, (s) => s.context.lines);
  const canChange = useSelector(actor, (s) => s.can({ type: 'plan.change' }));
  const plan = planRecipesFor(lines);
  const perServing = pricePerServingPence(lines);
  useEffect(() => {
    if (plan.dishes > 0 && numberOfRecipes !== plan.recipes && canChange)
      actor.send({ type: 'plan.change', numberOfRecipes: plan.recipes });
  }, [actor, plan.dishes, plan.recipes, numberOfRecipes, canChange]);
  const serving =
    perServing === null
      ? 'Price per serving once you add a dish'
      : `${formatPrice(perServing / 100)} a serving`;
  const choose = (startSubscription: boolean) =>
    actor.send({ type: 'plan.change', startSubscription });
  return (
    <fieldset className="fieldset kit-plan">
      <legend>Your plan</legend>
      <div className="kit-plan__cards">
        <div className="kit-plan__card">
          <input
            type="radio"
            id="plan-subscription"
            name="kit-plan"
            checked={onPlan}
            disabled={!canChange}
            aria-describedby="plan-subscription-hint"
            onChange={() => choose(true)}
          />
          <label htmlFor="plan-subscription">A box on a plan</label>
          <span id="plan-subscription-hint" className="kit-plan__hint">
            {serving}. Skip, pause or cancel anytime.
          </span>
        </div>
        <div className="kit-plan__card">
          <input
            type="radio"
            id="plan-one-off"
            name="kit-plan"
            checked={!onPlan}
            disabled={!canChange}
            aria-describedby="plan-one-off-hint"
            onChange={() => choose(false)}
          />
          <label htmlFor="plan-one-off">A one-off box</label>
          <span id="plan-one-off-hint" className="kit-plan__hint">
            {serving}. Just this box, no subscription.
          </span>
        </div>
      </div>
      {plan.dishes > 0 && (
        <p className="kit-plan__recipes" aria-live="polite">
          {onPlan
            ? `Your plan: ${plan.recipes} recipes a week, as in this box.`
            : `This box: ${plan.dishes} ${plan.dishes === 1 ? 'recipe' : 'recipes'}.`}
          {onPlan && plan.clamped && (
            <span className="kit-plan__warning">
              {' '}
              A plan has 2 to 12 recipes a week: your box has {plan.dishes}, the plan keeps{' '}
              {plan.recipes}.
            </span>
          )}
        </p>
      )}
      {onPlan && (
        <div className="field">
          <label className="field__label" htmlFor="plan-frequency">
            Delivery frequency
          </label>
          <select
            id="plan-frequency"
            className="field__input"
            value={frequency ?? ''}
            disabled={!canChange}
            onChange={(event) =>
              actor.send({ type: 'plan.change', frequency: Number(event.target.value) })
            }
          >
            {frequency === null && <option value="">Choose</option>}
            {FREQUENCY_CHOICES.map((weeks) => (
              <option key={weeks} value={weeks}>
                {frequencyLabel(weeks)}
              </option>
            ))}
          </select>
        </div>
      )}
    </fieldset>
  );
}

/**
 * The box beside the menu: lines by week with quantity buttons, what each week still needs to
 * reach its minimum, add-ons, delivery, discount and total (the server's sums), the plan, a
 * voucher, and Checkout once every week meets its minimum.
 */
export function KitBasketPanel({ actor }: { actor: KitBasketActor }) {
  const lines = useSelector(actor, (s) => s.context.lines);
  const basket = useSelector(actor, (s) => s.context.basket);
  const error = useSelector(actor, (s) => s.context.error);
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const canCheckout = useSelector(actor, (s) => s.can({ type: 'checkout.start' }));
  const canRetry = useSelector(actor, (s) => s.can({ type: 'basket.retry' }));
  const weeks = [...new Set(lines.map((line) => line.mealWeek))].sort();
  const summaryOf = (mealWeek: string) => basket?.weeks.find((week) => week.mealWeek === mealWeek);
  return (
    <aside id="kit-box" className="sticky-panel kit-basket" aria-labelledby="kit-basket-heading">
      <h2 id="kit-basket-heading" tabIndex={-1}>
        Your box
      </h2>
      {error && (
        <p className="field__error" role="alert">
          {error}
        </p>
      )}
      {/* Product rule R7.22: no box to show, only a way to read it again. */}
      {error && canRetry && (
        <button
          type="button"
          className="button button--secondary"
          onClick={() => actor.send({ type: 'basket.retry' })}
        >
          Try again
        </button>
      )}
      {lines.length === 0 && !(error && canRetry) && (
        <p>Your box is empty. Add dishes from a week&rsquo;s menu.</p>
      )}
      {weeks.map((mealWeek) => {
        const summary = summaryOf(mealWeek);
        const name = weekName(mealWeek);
        const headingId = `kit-week-${mealWeek}`;
        return (
          <section key={mealWeek} className="kit-basket__week" aria-labelledby={headingId}>
            <h3 id={headingId}>{capitalised(name)}</h3>
            <ul className="basket__lines">
              {lines
                .filter((line) => line.mealWeek === mealWeek)
                .map((line) => (
                  <li key={line.id} className="basket__line">
                    <span className="basket__title">
                      {line.title}
                      {line.isDouble ? ' (double portion)' : ''}
                    </span>
                    <QuantityButtons
                      title={line.title}
                      quantity={line.quantity}
                      week={name}
                      onRemoveOne={() => actor.send({ type: 'item.decrement', lineId: line.id })}
                      onAddOne={() => actor.send({ type: 'item.increment', lineId: line.id })}
                    />
                    <span>{formatPrice(line.price * line.quantity)}</span>
                  </li>
                ))}
            </ul>
            {summary && summary.addonsSubtotal > 0 && (
              <p>Add-ons: {formatPrice(summary.addonsSubtotal)}</p>
            )}
            {summary && (
              // Product rule R8.9: the fee the payment step charges for this week's box.
              <p className="kit-basket__delivery">
                {summary.delivery === 0
                  ? `Free delivery on ${deliveryDay(summary.deliveryDate)}`
                  : `Delivery on ${deliveryDay(summary.deliveryDate)}: ${formatPrice(summary.delivery)}`}
                <span className="kit-basket__delivery-hint"> (choose the day at checkout)</span>
              </p>
            )}
            <p aria-live="polite">
              {summary && summary.missingToMinimum > 0
                ? `Add ${formatPrice(summary.missingToMinimum)} more in dishes to reach the minimum for ${name}.`
                : `${capitalised(name)} meets the minimum.`}
            </p>
          </section>
        );
      })}
      {/* An empty box has no sums to show; so its basket, answered after the first paint, moves
          nothing below (product rule R14.12). */}
      {basket && lines.length > 0 && (
        <BasketTotals totals={basket} deliveryLabel="Delivery" busy={busy} />
      )}
      <PlanForm actor={actor} />
      <BasketVoucherForm actor={actor} voucher={basket?.voucher ?? null} />
      <p id="kit-basket-minimum">
        Each week&rsquo;s dishes must reach the {formatPrice(basket?.minimumSpend ?? 10)} minimum
        (add-ons do not count).
      </p>
      <div className="sticky-panel__actions kit-basket__checkout">
        <button
          type="button"
          className="button button--primary button--block"
          disabled={!canCheckout}
          aria-describedby="kit-basket-minimum"
          onClick={() => actor.send({ type: 'checkout.start' })}
        >
          Checkout
        </button>
      </div>
    </aside>
  );
}
