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
import { DishPickList, PickerPanel } from '../../components/dish-picker/dish-picker';
import { useDishLooks } from '../../components/dish-picker/dish-looks';
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
  const { looks, settled: looksSettled } = useDishLooks(data?.deliveryDate);
  useEffect(() => {
    if (state !== 'saved') return;
    flash(
      picks.length === 0
        ? SCHEDULE_WEEK_MESSAGES.chefChooses
        : SCHEDULE_WEEK_MESSAGES.recipesChosen,
    );
    void navigate(paths.edit);
  }, [state, picks.length, navigate, paths.edit]);

  if (state === 'loading' || state === 'saved' || (data && !looksSettled))
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
  const dishOf = (variantId: string) => data.menu.find((item) => item.variantId === variantId);
  const total = picks.reduce(
    (sum, pick) => sum + (dishOf(pick.variantId)?.price ?? 0) * pick.quantity,
    0,
  );
  const quantityOf = (variantId: string) =>
    picks.find((pick) => pick.variantId === variantId)?.quantity ?? 0;
  return (
    <div className="page schedule-week">
      <p className="schedule-week__back">
        <Link to={paths.edit}>Back to your box</Link>
      </p>
      <h1>{title}</h1>
      <ErrorSummary errors={error ? [{ fieldId: 'week-menu', message: error }] : []} />
      <div className="schedule-week__intro">
        <p>
          Your plan has {data.numberOfRecipes} recipes a week. Pick up to {data.numberOfRecipes} (at
          least {formatPrice(10)} in all), or leave it to the chef.
        </p>
        <Button
          variant="secondary"
          disabled={saving}
          onClick={() => actor.send({ type: 'recipes.chef' })}
        >
          Let the chef choose
        </Button>
      </div>
      <div className="sticky-panel-layout">
        <section aria-labelledby="week-menu-heading">
          <h2 id="week-menu-heading" className="schedule-week__menu-heading">
            This week’s menu
          </h2>
          {data.menu.length === 0 ? (
            <p>This week’s menu is not out yet: the chef will choose for you.</p>
          ) : (
            <DishPickList
              id="week-menu"
              dishes={data.menu.map((item) => ({
                ...item,
                itemName: `${item.title} (${item.variantTitle})`,
              }))}
              looks={looks}
              quantityOf={quantityOf}
              onAdd={(variantId) => actor.send({ type: 'recipe.add', variantId })}
              onRemove={(variantId) => actor.send({ type: 'recipe.remove', variantId })}
              maxOf={(variantId) => (full ? quantityOf(variantId) : undefined)}
              disabled={saving}
            />
          )}
        </section>
        <PickerPanel
          picks={picks.map((pick) => ({
            ...pick,
            title: dishOf(pick.variantId)?.title ?? '',
          }))}
          summary={
            <>
              <strong>
                {count} of {data.numberOfRecipes} chosen
              </strong>
              <span>{formatPrice(total)}</span>
            </>
          }
          actions={
            <Button busy={saving} onClick={() => actor.send({ type: 'recipes.save' })}>
              Save my recipes
            </Button>
          }
        />
      </div>
    </div>
  );
}

export default ChooseRecipesPage;
