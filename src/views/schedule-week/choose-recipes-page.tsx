import { useActorRef, useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { fromPromise } from 'xstate';
import { formatPrice } from '../../../domain/money';
import { dayAndDate } from '../../../domain/pasta-plan';
import {
  pickedCount,
  SCHEDULE_WEEK_MESSAGES,
  scheduleWeekPaths,
} from '../../../domain/schedule-week';
import { chooseRecipesMachine } from '../../../machines/choose-recipes/choose-recipes.machine';
import { loadRecipesData, saveWeekRecipes, toRecipesData } from '../../api/schedule-week';
import { flash } from '../../components/flash/flash-store';
import { Button } from '../../components/form/button';
import { ErrorSummary } from '../../components/form/error-summary';
import { QuantityStepper } from '../../components/ui/quantity-stepper';
import { WeekLoadFailed, WeekStepRoute, WeekTooLate } from './signed-in';
import './schedule-week.css';

/** The recipe picker wired to the real API. */
const liveChooseRecipesMachine = chooseRecipesMachine.provide({
  actors: {
    loadWeek: fromPromise(({ input }) => loadRecipesData(input.weekId)),
    saveRecipes: fromPromise(async ({ input }) =>
      toRecipesData(await saveWeekRecipes(input.weekId, input.picks)),
    ),
  },
});

/** /schedule/:scheduleWeekId/choose-recipes (product rule R10.27). */
function ChooseRecipesPage() {
  return (
    <WeekStepRoute
      title="Choose your recipes"
      step={(weekId) => <RecipePicker key={weekId} weekId={weekId} />}
    />
  );
}

function RecipePicker({ weekId }: { weekId: string }) {
  const actor = useActorRef(liveChooseRecipesMachine, { input: { weekId } });
  const navigate = useNavigate();
  const state = useSelector(actor, (s) => s.value);
  const { data, picks, error } = useSelector(actor, (s) => s.context);
  const paths = scheduleWeekPaths(weekId);
  useEffect(() => {
    if (state !== 'saved') return;
    flash(
      picks.length === 0
        ? SCHEDULE_WEEK_MESSAGES.chefChooses
        : SCHEDULE_WEEK_MESSAGES.recipesChosen,
    );
    void navigate(paths.edit);
  }, [state, picks.length, navigate, paths.edit]);

  if (state === 'loading' || state === 'saved')
    return (
      <p className="page-loading" role="status">
        Loading this week’s menu…
      </p>
    );
  if (state === 'loadFailed' || !data)
    return (
      <WeekLoadFailed
        title="Choose your recipes"
        onRetry={() => actor.send({ type: 'week.retry' })}
      />
    );
  const title = `Choose your recipes for ${dayAndDate(data.deliveryDate)}`;
  if (state === 'tooLate') return <WeekTooLate title={title} error={error} backTo={paths.edit} />;
  const count = pickedCount(picks);
  const full = count >= data.numberOfRecipes;
  const saving = state === 'saving';
  const total = picks.reduce(
    (sum, pick) =>
      sum +
      (data.menu.find((item) => item.variantId === pick.variantId)?.price ?? 0) * pick.quantity,
    0,
  );
  return (
    <div className="page schedule-week">
      <p className="schedule-week__back">
        <Link to={paths.edit}>Back to your box</Link>
      </p>
      <h1>{title}</h1>
      <ErrorSummary errors={error ? [{ fieldId: 'week-menu', message: error }] : []} />
      <p>
        Your plan has {data.numberOfRecipes} recipes a week. Pick up to {data.numberOfRecipes} from
        this week’s menu (at least {formatPrice(10)} in all), or let the chef choose.
      </p>
      <p className="schedule-week__count" aria-live="polite">
        {count} of {data.numberOfRecipes} chosen · {formatPrice(total)}
      </p>
      <section className="card" aria-labelledby="week-menu-heading">
        <h2 id="week-menu-heading">This week’s menu</h2>
        {data.menu.length === 0 ? (
          <p>This week’s menu is not out yet: the chef will choose for you.</p>
        ) : (
          <ul className="schedule-week__menu" id="week-menu" tabIndex={-1}>
            {data.menu.map((item) => {
              const quantity =
                picks.find((pick) => pick.variantId === item.variantId)?.quantity ?? 0;
              const name = `${item.title} (${item.variantTitle})`;
              return (
                <li key={item.variantId}>
                  <span>
                    {item.title}
                    <span className="schedule-week__variant">
                      {' '}
                      · {item.variantTitle} · {formatPrice(item.price)}
                    </span>
                  </span>
                  <QuantityStepper
                    itemName={name}
                    quantity={quantity}
                    onDecrease={() =>
                      actor.send({ type: 'recipe.remove', variantId: item.variantId })
                    }
                    onIncrease={() => actor.send({ type: 'recipe.add', variantId: item.variantId })}
                    max={full ? quantity : undefined}
                    disabled={saving}
                  />
                </li>
              );
            })}
          </ul>
        )}
        <div className="schedule-week__actions">
          <Button busy={saving} onClick={() => actor.send({ type: 'recipes.save' })}>
            Save my recipes
          </Button>
          <Button
            variant="secondary"
            disabled={saving}
            onClick={() => actor.send({ type: 'recipes.chef' })}
          >
            Let the chef choose
          </Button>
        </div>
      </section>
    </div>
  );
}

export default ChooseRecipesPage;
