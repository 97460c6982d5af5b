import { useSelector } from '@xstate/react';
import type { Actor } from 'xstate';
import type { recipeKitBasketMachine } from '../../../machines/recipe-kit-basket/recipe-kit-basket.machine';
import { BasketTotals, BasketVoucherForm, QuantityButtons } from '../../components/basket-parts';
import { formatPrice } from '../../../domain/money';
import { weekName } from '../../../domain/recipe-kit-basket';

type KitBasketActor = Actor<typeof recipeKitBasketMachine>;

const RECIPE_CHOICES = Array.from({ length: 11 }, (_, index) => index + 2);
const FREQUENCY_CHOICES = [1, 2, 3, 4];
const frequencyLabel = (weeks: number) => (weeks === 1 ? 'Every week' : `Every ${weeks} weeks`);
const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** Product rule R7.14: the plan, number of recipes 2 to 12 and a box every 1 to 4 weeks. */
function PlanForm({ actor }: { actor: KitBasketActor }) {
  const numberOfRecipes = useSelector(actor, (s) => s.context.basket?.numberOfRecipes ?? null);
  const frequency = useSelector(actor, (s) => s.context.basket?.frequency ?? null);
  const canChange = useSelector(actor, (s) => s.can({ type: 'plan.change' }));
  return (
    <fieldset className="fieldset">
      <legend>Your plan</legend>
      <div className="field">
        <label className="field__label" htmlFor="plan-recipes">
          Number of recipes
        </label>
        <select
          id="plan-recipes"
          className="field__input"
          value={numberOfRecipes ?? ''}
          disabled={!canChange}
          onChange={(event) =>
            actor.send({ type: 'plan.change', numberOfRecipes: Number(event.target.value) })
          }
        >
          {numberOfRecipes === null && <option value="">Choose</option>}
          {RECIPE_CHOICES.map((count) => (
            <option key={count} value={count}>
              {count} recipes
            </option>
          ))}
        </select>
      </div>
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
      <p className="field__hint">
        Your subscription starts with this box: skip, pause or cancel anytime.
      </p>
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
  const weeks = [...new Set(lines.map((line) => line.mealWeek))].sort();
  const summaryOf = (mealWeek: string) => basket?.weeks.find((week) => week.mealWeek === mealWeek);
  return (
    <aside className="basket" aria-labelledby="kit-basket-heading">
      <h2 id="kit-basket-heading">Your box</h2>
      {error && (
        <p className="field__error" role="alert">
          {error}
        </p>
      )}
      {lines.length === 0 && <p>Your box is empty. Add dishes from a week&rsquo;s menu.</p>}
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
            <p aria-live="polite">
              {summary && summary.missingToMinimum > 0
                ? `Add ${formatPrice(summary.missingToMinimum)} more in dishes to reach the minimum for ${name}.`
                : `${capitalised(name)} meets the minimum.`}
            </p>
          </section>
        );
      })}
      {basket && <BasketTotals totals={basket} deliveryLabel="Delivery" busy={busy} />}
      <PlanForm actor={actor} />
      <BasketVoucherForm actor={actor} voucher={basket?.voucher ?? null} />
      <p id="kit-basket-minimum">
        Each week&rsquo;s dishes must reach the {formatPrice(basket?.minimumSpend ?? 10)} minimum
        (add-ons do not count).
      </p>
      <button
        type="button"
        className="button button--primary"
        disabled={!canCheckout}
        aria-describedby="kit-basket-minimum"
        onClick={() => actor.send({ type: 'checkout.start' })}
      >
        Checkout
      </button>
    </aside>
  );
}
