import { useSelector } from '@xstate/react';
import { format, parseISO } from 'date-fns';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { ActorRefFrom } from 'xstate';
import { APP_ROUTES } from '../../../domain/app-routes';
import { dayAndDate } from '../../../domain/pasta-plan';
import {
  DELIVERY_DAYS,
  DELIVERY_NOTE_MAX,
  DIETARY_FLAGS,
  FREQUENCIES,
  frequencyLabel,
  PLAN_SETTINGS_MESSAGES,
  poundsOf,
  RECIPES_MAX,
  RECIPES_MIN,
} from '../../../domain/plan-settings';
import type {
  PlanSettings,
  SchedulePreview,
  SettingsData,
  SettingsSection,
} from '../../../machines/plan-settings/plan-settings.machine';
import { Button } from '../../components/form/button';
import { ChoiceGroup } from '../../components/form/choice-group';
import { ErrorSummary } from '../../components/form/error-summary';
import { SelectField } from '../../components/form/select-field';
import type { livePlanSettingsMachine } from './plan-settings-actors';

export interface PlanSettingsViewProps {
  actor: ActorRefFrom<ReturnType<typeof livePlanSettingsMachine>>;
}

export function Loading() {
  return (
    <p className="page-loading" role="status">
      Loading your plan settings…
    </p>
  );
}

export function LoadFailed({ actor }: PlanSettingsViewProps) {
  return (
    <div className="notice notice--error" role="alert">
      <p>{PLAN_SETTINGS_MESSAGES.loadFailed}</p>
      <Button variant="secondary" onClick={() => actor.send({ type: 'settings.retry' })}>
        Try again
      </Button>
    </div>
  );
}

export function NoPlan() {
  return (
    <div className="card">
      <p>You have no pasta plan yet. Order a box on a plan and choose its settings here.</p>
      <p>
        <Link to={APP_ROUTES.productBox}>Choose this week’s box</Link>
      </p>
    </div>
  );
}

const dayLabel = (day: number | null) =>
  DELIVERY_DAYS.find((d) => d.day === day)?.label ?? 'Not set';

const flagsText = (dietary: Record<string, boolean>) => {
  const on = DIETARY_FLAGS.filter(({ flag }) => dietary[flag]).map(({ label }) => label);
  return on.length ? on.join(', ') : 'No preferences: the chef picks from the whole menu.';
};

const addressText = (data: SettingsData, id: string | null) => {
  const address =
    id === null ? data.addresses.find((a) => a.isDefault) : data.addresses.find((a) => a.id === id);
  return address ? address.label : 'No saved address';
};

/** The chosen plan's settings, one card per section (product rules R10.19-R10.23). */
export function SettingsView({ actor }: PlanSettingsViewProps) {
  const data = useSelector(actor, (s) => s.context.data);
  const error = useSelector(actor, (s) => s.context.error);
  const errorSection = useSelector(actor, (s) => s.context.errorSection);
  const plan = data.plan;
  if (!plan) return null;
  const cancelled = plan.state === 'cancelled';
  const ingredientName = (id: string) => data.ingredients.find((i) => i.id === id)?.name ?? id;
  return (
    <>
      <ErrorSummary
        errors={error ? [{ fieldId: `${errorSection ?? 'recipes'}-edit`, message: error }] : []}
      />
      <div className="plan-settings__intro">
        <p>
          {plan.name}
          {cancelled
            ? ': this plan is cancelled, so its settings cannot be changed.'
            : ': change what comes in your box, when it comes and where it goes. Weeks already ordered or past their cut-off keep their box.'}
        </p>
        <p>
          <Link to={`${APP_ROUTES.pastaPlan}`}>Back to your pasta plan</Link>
        </p>
      </div>
      <div className="plan-settings__sections">
        <Section
          actor={actor}
          section="recipes"
          title="Recipes per box"
          current={`${plan.numberOfRecipes} recipes`}
        >
          {(done) => <RecipesForm actor={actor} plan={plan} done={done} />}
        </Section>
        <Section
          actor={actor}
          section="schedule"
          title="Delivery day and frequency"
          current={
            plan.frequency === null
              ? 'Not scheduled yet'
              : `${dayLabel(plan.deliveryDay)}, ${frequencyLabel(plan.frequency).toLowerCase()}`
          }
        >
          {(done) => <ScheduleForm actor={actor} plan={plan} done={done} />}
        </Section>
        <Section
          actor={actor}
          section="dietary"
          title="Dietary preferences"
          current={flagsText(plan.dietary)}
        >
          {(done) => <DietaryForm actor={actor} plan={plan} done={done} />}
        </Section>
        <Section
          actor={actor}
          section="ingredients"
          title="Ingredients to avoid"
          current={
            plan.avoidedIngredients.length
              ? plan.avoidedIngredients.map(ingredientName).join(', ')
              : 'None: the chef may use any ingredient.'
          }
        >
          {(done) => <IngredientsForm actor={actor} data={data} plan={plan} done={done} />}
        </Section>
        <Section
          actor={actor}
          section="note"
          title="Delivery note"
          current={plan.deliveryNote || 'No note for the driver.'}
        >
          {(done) => <NoteForm actor={actor} plan={plan} done={done} />}
        </Section>
        <Section
          actor={actor}
          section="addresses"
          title="Delivery and billing address"
          current={
            <>
              Delivery: {addressText(data, plan.shippingAddressId)}
              <br />
              Billing: {addressText(data, plan.billingAddressId)}
              {plan.billingAddressId === null ? ' (your default address)' : ''}
            </>
          }
        >
          {(done) => <AddressesForm actor={actor} data={data} plan={plan} done={done} />}
        </Section>
      </div>
    </>
  );
}

function Section({
  actor,
  section,
  title,
  current,
  children,
}: PlanSettingsViewProps & {
  section: SettingsSection;
  title: string;
  current: ReactNode;
  children: (cancel: () => void) => ReactNode;
}) {
  const editing = useSelector(actor, (s) => s.context.editing === section);
  const canEdit = useSelector(actor, (s) => s.can({ type: 'section.edit', section }));
  const headingId = `${section}-heading`;
  return (
    <section className="card plan-settings__section" aria-labelledby={headingId}>
      <div className="plan-settings__heading">
        <h2 id={headingId}>{title}</h2>
        {!editing && canEdit && (
          <Button
            variant="secondary"
            id={`${section}-change`}
            aria-describedby={headingId}
            onClick={() => actor.send({ type: 'section.edit', section })}
          >
            Change
          </Button>
        )}
      </div>
      {editing ? (
        children(() => actor.send({ type: 'edit.cancel' }))
      ) : (
        <p className="plan-settings__current">{current}</p>
      )}
    </section>
  );
}

interface FormProps extends PlanSettingsViewProps {
  plan: PlanSettings;
  done: () => void;
}

/**
 * Product rule R10.33: a section's fields, disabled from the check of its change to the save, so
 * what the customer confirms is what they see.
 */
function LockedFields({
  actor,
  section,
  children,
}: PlanSettingsViewProps & { section: SettingsSection; children: ReactNode }) {
  const locked = useSelector(
    actor,
    (s) => s.hasTag('locked') && s.context.pending?.section === section,
  );
  return (
    <fieldset className="plan-settings__fields" disabled={locked}>
      {children}
    </fieldset>
  );
}

/** Save and cancel, with the new price per box to confirm when the change alters it (R10.23). */
function FormActions({
  actor,
  section,
  done,
}: PlanSettingsViewProps & { section: SettingsSection; done: () => void }) {
  const busy = useSelector(
    actor,
    (s) => s.hasTag('busy') && s.context.pending?.section === section,
  );
  const confirming = useSelector(
    actor,
    (s) => s.matches('confirmingPrice') && s.context.pending?.section === section,
  );
  const preview = useSelector(actor, (s) => s.context.preview);
  const schedulePreview = useSelector(actor, (s) =>
    s.matches('confirmingSchedule') && section === 'schedule' ? s.context.schedulePreview : null,
  );
  if (schedulePreview) return <ScheduleConfirm actor={actor} preview={schedulePreview} />;
  if (confirming && preview)
    return (
      <div className="notice plan-settings__price" role="status">
        <p>
          This changes the price of your next box ({dayAndDate(preview.deliveryDate)}) from{' '}
          {poundsOf(preview.currentPence)} to <strong>{poundsOf(preview.changedPence)}</strong> per
          box.
        </p>
        <div className="plan-settings__actions">
          <Button onClick={() => actor.send({ type: 'price.confirm' })}>
            Save at {poundsOf(preview.changedPence)} per box
          </Button>
          <Button variant="secondary" onClick={() => actor.send({ type: 'price.cancel' })}>
            Keep my current settings
          </Button>
        </div>
      </div>
    );
  return (
    <div className="plan-settings__actions">
      <Button type="submit" busy={busy}>
        Save
      </Button>
      <Button variant="quiet" type="button" onClick={done} disabled={busy}>
        Cancel
      </Button>
    </div>
  );
}

/** "Friday 4 December" for an ISO date or date-time. */
const longDate = (value: string) =>
  format(value.length === 10 ? parseISO(value) : new Date(value), 'EEEE d MMMM');

/**
 * Product rule R10.32: before a new delivery day or frequency is saved, the first box on it, its
 * cut-off and delivery fee (and the fee now, when the new day's differs), and the weeks whose
 * dishes the customer chose that move or are dropped.
 */
function ScheduleConfirm({ actor, preview }: PlanSettingsViewProps & { preview: SchedulePreview }) {
  const { current, changed } = preview;
  const chosen = preview.moves.filter((move) => move.picked);
  return (
    <div className="notice plan-settings__price" role="status">
      {changed ? (
        <>
          <p>
            Your first box on the new schedule:{' '}
            <strong>
              {longDate(changed.deliveryDate)}, {poundsOf(changed.deliveryPence)} delivery
            </strong>
            .
          </p>
          <p>
            It is billed at its cut-off, {longDate(changed.billingDate)}
            {current && current.deliveryPence !== changed.deliveryPence
              ? `. Delivery on the new day costs ${poundsOf(changed.deliveryPence)} instead of ${poundsOf(current.deliveryPence)}.`
              : '.'}
          </p>
        </>
      ) : (
        <p>Your new schedule has no box before its next cut-off yet.</p>
      )}
      {chosen.length > 0 && (
        <ul>
          {chosen.map((move) => (
            <li key={move.from}>
              {move.to
                ? `The dishes you chose for ${longDate(move.from)} move to ${longDate(move.to)}.`
                : `Your box for ${longDate(move.from)}, with the dishes you chose, is no longer on your schedule.`}
            </li>
          ))}
        </ul>
      )}
      <div className="plan-settings__actions">
        <Button onClick={() => actor.send({ type: 'schedule.confirm' })}>
          Save the new schedule
        </Button>
        <Button variant="secondary" onClick={() => actor.send({ type: 'schedule.cancel' })}>
          Keep my current schedule
        </Button>
      </div>
    </div>
  );
}

function RecipesForm({ actor, plan, done }: FormProps) {
  const [value, setValue] = useState(String(plan.numberOfRecipes));
  const options = Array.from({ length: RECIPES_MAX - RECIPES_MIN + 1 }, (_, i) => RECIPES_MIN + i);
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        actor.send({
          type: 'section.save',
          section: 'recipes',
          change: { numberOfRecipes: Number(value) },
        });
      }}
    >
      <LockedFields actor={actor} section="recipes">
        <SelectField
          id="recipes-edit"
          label="Recipes in each box"
          hint="When you don’t pick your dishes, the chef picks this many."
          value={value}
          options={options.map((n) => ({ value: String(n), label: `${n} recipes` }))}
          onChange={setValue}
        />
      </LockedFields>
      <FormActions actor={actor} section="recipes" done={done} />
    </form>
  );
}

function ScheduleForm({ actor, plan, done }: FormProps) {
  const [day, setDay] = useState(String(plan.deliveryDay ?? 1));
  const [frequency, setFrequency] = useState(String(plan.frequency ?? 1));
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        actor.send({
          type: 'section.save',
          section: 'schedule',
          change: { deliveryDay: Number(day), frequency: Number(frequency) },
        });
      }}
    >
      <LockedFields actor={actor} section="schedule">
        <ChoiceGroup
          id="schedule-edit"
          legend="Delivery day"
          hint="We deliver Monday to Saturday. Weeks already ordered or past their cut-off keep their day; the others move, and a skipped week stays skipped."
          type="radio"
          choices={DELIVERY_DAYS.map(({ day: d, label }) => ({ value: String(d), label }))}
          values={[day]}
          onChange={([next]) => setDay(next ?? day)}
        />
        <SelectField
          id="schedule-frequency"
          label="How often"
          value={frequency}
          options={FREQUENCIES.map((weeks) => ({
            value: String(weeks),
            label: frequencyLabel(weeks),
          }))}
          onChange={setFrequency}
        />
      </LockedFields>
      <FormActions actor={actor} section="schedule" done={done} />
    </form>
  );
}

function DietaryForm({ actor, plan, done }: FormProps) {
  const [flags, setFlags] = useState(
    DIETARY_FLAGS.filter(({ flag }) => plan.dietary[flag]).map(({ flag }) => flag as string),
  );
  return (
    <form
      noValidate
      className="plan-settings__many"
      onSubmit={(event) => {
        event.preventDefault();
        actor.send({
          type: 'section.save',
          section: 'dietary',
          change: {
            dietary: Object.fromEntries(
              DIETARY_FLAGS.map(({ flag }) => [flag, flags.includes(flag)]),
            ),
          },
        });
      }}
    >
      <LockedFields actor={actor} section="dietary">
        <ChoiceGroup
          id="dietary-edit"
          legend="What should the chef keep in mind?"
          hint="Tick all that apply."
          type="checkbox"
          choices={DIETARY_FLAGS.map(({ flag, label }) => ({ value: flag, label }))}
          values={flags}
          onChange={setFlags}
        />
      </LockedFields>
      <FormActions actor={actor} section="dietary" done={done} />
    </form>
  );
}

function IngredientsForm({ actor, data, plan, done }: FormProps & { data: SettingsData }) {
  const [chosen, setChosen] = useState(plan.avoidedIngredients);
  const tooMany = chosen.length > 10;
  return (
    <form
      noValidate
      className="plan-settings__many"
      onSubmit={(event) => {
        event.preventDefault();
        if (tooMany) return;
        actor.send({
          type: 'section.save',
          section: 'ingredients',
          change: { avoidedIngredients: chosen },
        });
      }}
    >
      <LockedFields actor={actor} section="ingredients">
        <ChoiceGroup
          id="ingredients-edit"
          legend="Ingredients the chef should leave out"
          hint="Choose up to 10. The chef skips recipes that use them."
          type="checkbox"
          choices={data.ingredients.map(({ id, name }) => ({ value: id, label: name }))}
          values={chosen}
          onChange={setChosen}
          error={tooMany ? PLAN_SETTINGS_MESSAGES.tooManyIngredients : undefined}
        />
      </LockedFields>
      <FormActions actor={actor} section="ingredients" done={done} />
    </form>
  );
}

function NoteForm({ actor, plan, done }: FormProps) {
  const [note, setNote] = useState(plan.deliveryNote);
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        actor.send({ type: 'section.save', section: 'note', change: { deliveryNote: note } });
      }}
    >
      <LockedFields actor={actor} section="note">
        <div className="field">
          <label className="field__label" htmlFor="note-edit">
            A note for the driver
          </label>
          <div className="field__hint" id="note-hint">
            For example, where to leave the box. Up to {DELIVERY_NOTE_MAX} characters.
          </div>
          <textarea
            id="note-edit"
            className="field__input"
            aria-describedby="note-hint"
            maxLength={DELIVERY_NOTE_MAX}
            value={note}
            onChange={(event) => setNote(event.target.value)}
          />
        </div>
      </LockedFields>
      <FormActions actor={actor} section="note" done={done} />
    </form>
  );
}

function AddressesForm({ actor, data, plan, done }: FormProps & { data: SettingsData }) {
  const defaultId = data.addresses.find((a) => a.isDefault)?.id ?? data.addresses[0]?.id ?? '';
  const [shipping, setShipping] = useState(plan.shippingAddressId ?? defaultId);
  const [billing, setBilling] = useState(plan.billingAddressId ?? '');
  const addressOptions = data.addresses.map(({ id, label }) => ({ value: id, label }));
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        actor.send({
          type: 'section.save',
          section: 'addresses',
          change: { shippingAddressId: shipping, billingAddressId: billing || null },
        });
      }}
    >
      <LockedFields actor={actor} section="addresses">
        <SelectField
          id="addresses-edit"
          label="Deliver to"
          value={shipping}
          options={addressOptions}
          onChange={setShipping}
        />
        <SelectField
          id="addresses-billing"
          label="Bill to"
          value={billing}
          options={[{ value: '', label: 'My default address' }, ...addressOptions]}
          onChange={setBilling}
        />
        <p>
          <Link to={APP_ROUTES.accountDetails}>Add or change your saved addresses</Link>
        </p>
      </LockedFields>
      <FormActions actor={actor} section="addresses" done={done} />
    </form>
  );
}
