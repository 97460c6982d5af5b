import { useSelector } from '@xstate/react';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import type { Actor } from 'xstate';
import { orderDateChoices, orderCutoff, formatCutoff } from '../../../domain/order-edit';
import { formatPrice } from '../../../domain/money';
import { orderPagePath } from '../../../domain/app-routes';
import { DEFAULT_KIT_MINIMUMS } from '../../../domain/recipe-kit-basket';
import {
  POSTCODE_FINDER_FIELD,
  type AddressDraft,
  type EditStep,
  type OrderEditChange,
  type orderEditMachine,
} from '../../../machines/order-edit/order-edit.machine';
import type { CheckoutAddress } from '../../../machines/checkout-shared/checkout-shared.types';
import { districtOnlyMessage } from '../../../machines/shared/postcode-lookup';
import { Button } from '../../components/form/button';
import { ChoiceGroup } from '../../components/form/choice-group';
import { ErrorSummary } from '../../components/form/error-summary';
import { TextField } from '../../components/form/text-field';
import { PriceRows } from '../../components/ui/price-rows';
import { DishPickList, PickerPanel } from '../../components/dish-picker/dish-picker';
import { useDishLooks } from '../../components/dish-picker/dish-looks';
import { AddressFields } from '../checkout-shared/address-fields';

export interface OrderEditViewProps {
  actor: Actor<typeof orderEditMachine>;
}

const longDate = (date: string) =>
  new Date(`${date}T00:00:00Z`).toLocaleDateString('en-GB', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    timeZone: 'UTC',
  });

const useData = (actor: OrderEditViewProps['actor']) => useSelector(actor, (s) => s.context.data);
const useError = (actor: OrderEditViewProps['actor']) => useSelector(actor, (s) => s.context.error);

function BackToOrder({ orderId }: { orderId: string }) {
  return (
    <p className="order-edit__back">
      <Link to={orderPagePath(orderId)}>Back to your order</Link>
    </p>
  );
}

function StepBack({ actor }: OrderEditViewProps) {
  return (
    <p className="order-edit__back">
      <button
        type="button"
        className="button button--link"
        onClick={() => actor.send({ type: 'step.open', step: '' })}
      >
        Back to what you can change
      </button>
    </p>
  );
}

export function Loading() {
  return (
    <p className="page-loading" role="status">
      Loading your order…
    </p>
  );
}

export function LoadFailed({ actor }: OrderEditViewProps) {
  const orderId = useSelector(actor, (s) => s.context.orderId);
  return (
    <div className="narrow">
      <h1>Change your order</h1>
      <div className="notice notice--error">
        <p>We were unable to process your request.</p>
      </div>
      <p>
        <Button onClick={() => actor.send({ type: 'order.retry' })}>Try again</Button>
      </p>
      <BackToOrder orderId={orderId} />
    </div>
  );
}

/** Product rule R9.19: a takeaway order, or one past its cut-off, says why and links back. */
export function Closed({ actor }: OrderEditViewProps) {
  const reason = useSelector(actor, (s) => s.context.closedReason);
  const orderId = useSelector(actor, (s) => s.context.orderId);
  return (
    <div className="narrow order-edit">
      <h1>This order can no longer change</h1>
      <div className="notice">
        <p>{reason}</p>
      </div>
      <p>
        <Link className="button button--primary" to={orderPagePath(orderId)}>
          Back to your order
        </Link>
      </p>
    </div>
  );
}

function Totals({
  subtotal,
  deliveryPrice,
  totalDiscounts,
  totalPrice,
  voucherCode,
}: {
  subtotal: number;
  deliveryPrice: number;
  totalDiscounts: number;
  totalPrice: number;
  voucherCode: string | null;
}) {
  return (
    <PriceRows
      rows={[
        { label: 'Dishes', amount: formatPrice(subtotal) },
        { label: 'Delivery', amount: deliveryPrice ? formatPrice(deliveryPrice) : 'Free' },
        ...(totalDiscounts
          ? [
              {
                label: voucherCode ? `Voucher ${voucherCode}` : 'Discount',
                amount: `−${formatPrice(totalDiscounts)}`,
                kind: 'discount' as const,
              },
            ]
          : []),
        { label: 'Total', amount: formatPrice(totalPrice), kind: 'total' as const },
      ]}
    />
  );
}

/** /order/{orderId}/edit: what can still change before the cut-off, and the voucher. */
export function Overview({ actor }: OrderEditViewProps) {
  const data = useData(actor)!;
  const error = useError(actor);
  const { order } = data;
  const cutoff = orderCutoff(order.deliveryDate);
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);
  const open = (step: EditStep) => actor.send({ type: 'step.open', step });
  const applyVoucher = (event: FormEvent) => {
    event.preventDefault();
    if (!code.trim()) {
      setCodeError('Enter a voucher code');
      return;
    }
    setCodeError(null);
    actor.send({ type: 'change.review', change: { kind: 'voucher', code } });
  };
  const errors = [
    ...(error ? [{ fieldId: 'voucher-code', message: error }] : []),
    ...(codeError ? [{ fieldId: 'voucher-code', message: codeError }] : []),
  ];
  return (
    <div className="order-edit">
      <BackToOrder orderId={order.id} />
      <h1>Change order {order.reference}</h1>
      {cutoff && (
        <p className="order-edit__lede">
          You can change this box until <strong>{formatCutoff(cutoff)}</strong> (UK time). We show
          you the new total before anything changes.
        </p>
      )}
      <ErrorSummary errors={errors} />
      <div className="order-edit__grid">
        <section className="card order-edit__section" aria-labelledby="edit-delivery">
          <h2 id="edit-delivery">Delivery day and note</h2>
          <p>{order.deliveryDate ? longDate(order.deliveryDate) : 'No day chosen'}</p>
          <p className="order-edit__muted">
            {order.deliveryNote ? `Note: ${order.deliveryNote}` : 'No note for the courier'}
          </p>
          <Button variant="secondary" onClick={() => open('delivery-info')}>
            Change delivery day
          </Button>
        </section>
        <section className="card order-edit__section" aria-labelledby="edit-recipes">
          <h2 id="edit-recipes">Your dishes</h2>
          <ul className="order-edit__lines">
            {order.lines.map((line) => (
              <li key={line.variantId}>
                <span>
                  {line.quantity} × {line.title}
                  {line.variantTitle && line.variantTitle !== 'Regular'
                    ? ` (${line.variantTitle})`
                    : ''}
                </span>
                <span>{formatPrice(line.price * line.quantity)}</span>
              </li>
            ))}
          </ul>
          {order.chefSelected && <p className="order-edit__muted">Picked by our chef.</p>}
          <Button variant="secondary" onClick={() => open('recipes')}>
            Change dishes
          </Button>
        </section>
        <section className="card order-edit__section" aria-labelledby="edit-address">
          <h2 id="edit-address">Delivery address</h2>
          <p>{order.addressLine ?? 'No address yet'}</p>
          <Button variant="secondary" onClick={() => open('change-delivery-address')}>
            Change address
          </Button>
        </section>
        <section className="card order-edit__section" aria-labelledby="edit-total">
          <h2 id="edit-total">Total</h2>
          <Totals {...order} />
          {order.voucherCode ? (
            <Button
              variant="quiet"
              onClick={() =>
                actor.send({ type: 'change.review', change: { kind: 'remove_voucher' } })
              }
            >
              Remove voucher {order.voucherCode}
            </Button>
          ) : (
            <form className="order-edit__voucher" onSubmit={applyVoucher} noValidate>
              <TextField
                id="voucher-code"
                label="Voucher code"
                autoComplete="off"
                value={code}
                error={codeError ?? error ?? undefined}
                onChange={(event) => setCode(event.target.value)}
              />
              <Button type="submit" variant="secondary">
                Apply voucher
              </Button>
            </form>
          )}
        </section>
      </div>
    </div>
  );
}

/** delivery-info (product rule R9.21): another day of the same week, and the courier's note. */
export function DeliveryInfo({ actor }: OrderEditViewProps) {
  const data = useData(actor)!;
  const error = useError(actor);
  const { order } = data;
  const choices = order.deliveryDate
    ? orderDateChoices(order.deliveryDate, new Date(data.now))
    : [];
  const [date, setDate] = useState(order.deliveryDate ?? '');
  const [note, setNote] = useState(order.deliveryNote ?? '');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    actor.send({
      type: 'change.review',
      change: { kind: 'delivery_date', deliveryDate: date, deliveryNote: note },
    });
  };
  return (
    <div className="narrow order-edit">
      <StepBack actor={actor} />
      <h1>Delivery day and note</h1>
      <ErrorSummary errors={error ? [{ fieldId: 'delivery-date', message: error }] : []} />
      <form onSubmit={submit} noValidate className="card order-edit__form">
        <ChoiceGroup
          id="delivery-date"
          legend="Which day should we deliver?"
          hint="Any day of the same week, Monday to Saturday: your dishes are that week's menu."
          type="radio"
          choices={choices.map((day) => ({ value: day, label: longDate(day) }))}
          values={[date]}
          onChange={([value]) => setDate(value ?? date)}
          error={error ?? undefined}
        />
        <div className="field">
          <label className="field__label" htmlFor="delivery-note">
            Note for the courier (optional)
          </label>
          <div id="delivery-note-hint" className="field__hint">
            Where to leave the box if you are out, up to 500 characters.
          </div>
          <textarea
            id="delivery-note"
            className="field__input"
            aria-describedby="delivery-note-hint"
            rows={3}
            maxLength={500}
            value={note}
            onChange={(event) => setNote(event.target.value)}
          />
        </div>
        <Button type="submit">See the new total</Button>
      </form>
    </div>
  );
}

/** recipes (product rule R9.22): the week's menu, quantities, or the chef's choice. */
export function Recipes({ actor }: OrderEditViewProps) {
  const data = useData(actor)!;
  const error = useError(actor);
  const { order, menu } = data;
  const { looks, settled: looksSettled } = useDishLooks(order.deliveryDate ?? undefined);
  const [quantities, setQuantities] = useState<Record<string, number>>(() =>
    Object.fromEntries(order.lines.map((line) => [line.variantId, line.quantity])),
  );
  const set = (variantId: string, quantity: number) =>
    setQuantities((current) => ({ ...current, [variantId]: Math.max(0, Math.min(20, quantity)) }));
  const chosen = Object.entries(quantities).filter(([, quantity]) => quantity > 0);
  const foodPence = menu
    .filter((choice) => !choice.isAddon)
    .reduce(
      (sum, choice) => sum + Math.round(choice.price * 100) * (quantities[choice.variantId] ?? 0),
      0,
    );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const change: OrderEditChange = {
      kind: 'items',
      items: chosen.map(([variantId, quantity]) => ({ variantId, quantity })),
    };
    actor.send({ type: 'change.review', change });
  };
  const dishes = chosen.reduce((sum, [, quantity]) => sum + quantity, 0);
  const titleOf = (variantId: string) =>
    menu.find((choice) => choice.variantId === variantId)?.title ?? '';
  if (!looksSettled)
    return (
      <p className="page-loading" role="status">
        Loading this week’s menu…
      </p>
    );
  return (
    <div className="order-edit">
      <StepBack actor={actor} />
      <h1>Your dishes this week</h1>
      <div className="order-edit__intro">
        <p className="order-edit__lede">
          Choose from this week&apos;s menu: at least{' '}
          {formatPrice(DEFAULT_KIT_MINIMUMS.minimumSpendPerOrderPence / 100)} of dishes. Dishes
          already in your box keep the price you paid.
        </p>
        <Button
          variant="secondary"
          onClick={() => actor.send({ type: 'change.review', change: { kind: 'chef_selections' } })}
        >
          Let the chef pick
        </Button>
      </div>
      <ErrorSummary errors={error ? [{ fieldId: 'recipes-list', message: error }] : []} />
      <form onSubmit={submit} noValidate className="sticky-panel-layout">
        <section aria-labelledby="recipes-menu-heading">
          <h2 id="recipes-menu-heading" className="order-edit__menu-heading">
            This week&apos;s menu
          </h2>
          <DishPickList
            id="recipes-list"
            dishes={menu.map((choice) => ({
              ...choice,
              itemName: `${choice.title}${choice.variantTitle === 'Regular' ? '' : ` (${choice.variantTitle})`}`,
              ...(choice.isAddon ? { note: 'add-on' } : {}),
            }))}
            looks={looks}
            quantityOf={(variantId) => quantities[variantId] ?? 0}
            onAdd={(variantId) => set(variantId, (quantities[variantId] ?? 0) + 1)}
            onRemove={(variantId) => set(variantId, (quantities[variantId] ?? 0) - 1)}
            maxOf={() => 20}
          />
        </section>
        <PickerPanel
          picks={chosen.map(([variantId, quantity]) => ({
            variantId,
            quantity,
            title: titleOf(variantId),
          }))}
          summary={
            <>
              <strong>
                {dishes} {dishes === 1 ? 'dish' : 'dishes'} chosen
              </strong>
              <span>{formatPrice(foodPence / 100)}</span>
            </>
          }
          actions={
            <Button type="submit" disabled={chosen.length === 0}>
              See the new total
            </Button>
          }
        />
      </form>
    </div>
  );
}

/** change-delivery-address (product rule R9.20): one of the customer's saved addresses. */
export function AddressStep({ actor }: OrderEditViewProps) {
  const data = useData(actor)!;
  const error = useError(actor);
  const current = data.addresses.find((address) => address.line === data.order.addressLine);
  const [chosen, setChosen] = useState(current?.id ?? data.addresses[0]?.id ?? '');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    actor.send({ type: 'change.review', change: { kind: 'shipping_address', addressId: chosen } });
  };
  return (
    <div className="narrow order-edit">
      <StepBack actor={actor} />
      <h1>Delivery address</h1>
      <ErrorSummary errors={error ? [{ fieldId: 'delivery-address', message: error }] : []} />
      <form onSubmit={submit} noValidate className="card order-edit__form">
        {data.addresses.length ? (
          <ChoiceGroup
            id="delivery-address"
            legend="Where should we deliver this box?"
            type="radio"
            choices={data.addresses.map((address) => ({ value: address.id, label: address.line }))}
            values={[chosen]}
            onChange={([value]) => setChosen(value ?? chosen)}
            error={error ?? undefined}
          />
        ) : (
          <p id="delivery-address">You have no saved addresses yet.</p>
        )}
        <div className="order-edit__actions">
          <Button type="submit" disabled={!chosen}>
            See the new total
          </Button>
          <Button variant="secondary" onClick={() => actor.send({ type: 'address.new' })}>
            Use a new address
          </Button>
        </div>
      </form>
    </div>
  );
}

const NEW_ADDRESS_ID = 'new-address-';
const finderId = `${NEW_ADDRESS_ID}${POSTCODE_FINDER_FIELD}`;
const addressesFound = (count: number) => `${count} address${count === 1 ? '' : 'es'} found`;

/** The postcode finder (product rules R3.13 and R9.25): the machine checks and looks it up. */
function NewAddressFinder({ actor, draft }: OrderEditViewProps & { draft: AddressDraft }) {
  const finding = useSelector(actor, (s) => s.matches({ editing: 'findingAddress' }));
  const lookup = useSelector(actor, (s) => s.context.newAddress.lookup);
  const error = useSelector(
    actor,
    (s) => s.context.newAddress.errors.find((e) => e.field === POSTCODE_FINDER_FIELD)?.message,
  );
  const [postcode, setPostcode] = useState(lookup?.postcode ?? '');
  const find = (event: FormEvent) => {
    event.preventDefault();
    actor.send({ type: 'address.find', postcode });
  };
  const found = !finding && lookup ? lookup.addresses : null;
  return (
    <form onSubmit={find} noValidate className="order-edit__finder" aria-label="Find the address">
      <TextField
        id={finderId}
        label="Find the address by postcode"
        hint="Type the postcode, for example W4 2HD."
        autoComplete="postal-code"
        value={postcode}
        error={error}
        onChange={(event) => setPostcode(event.target.value)}
      />
      <Button type="submit" variant="secondary" busy={finding}>
        Find address
      </Button>
      <p className="visually-hidden" role="status" aria-live="polite">
        {finding && lookup ? `Looking up ${lookup.postcode}…` : ''}
        {found?.length ? `${addressesFound(found.length)} for ${lookup!.postcode}.` : ''}
      </p>
      {found && found.length > 0 && (
        <div className="field">
          <label className="field__label" htmlFor={`${finderId}-choice`}>
            Choose the address
          </label>
          <select
            key={lookup!.postcode}
            id={`${finderId}-choice`}
            className="field__input"
            defaultValue=""
            onChange={(event) => {
              if (event.target.value)
                actor.send({ type: 'foundAddress.choose', addressId: event.target.value, draft });
            }}
          >
            <option value="">{addressesFound(found.length)}</option>
            {found.map((address) => (
              <option key={address.id} value={address.id}>
                {[address.address1, address.address2, address.city].filter(Boolean).join(', ')}
              </option>
            ))}
          </select>
        </div>
      )}
      {found && found.length === 0 && <p role="status">{districtOnlyMessage(lookup!.postcode)}</p>}
    </form>
  );
}

const withoutPosition = ({ lat: _lat, lon: _lon, ...draft }: CheckoutAddress): AddressDraft =>
  draft;

/**
 * change-delivery-address, "Use a new address" (product rule R9.25): the checkouts' address
 * fields with the postcode finder; saved to the address book, then the move is priced.
 */
export function NewAddressStep({ actor }: OrderEditViewProps) {
  const errors = useSelector(actor, (s) => s.context.newAddress.errors);
  const saving = useSelector(actor, (s) => s.matches({ editing: 'savingAddress' }));
  const draftVersion = useSelector(actor, (s) => s.context.newAddress.draftVersion);
  const machineDraft = useSelector(actor, (s) => s.context.newAddress.draft);
  const [form, setForm] = useState<CheckoutAddress>({ ...machineDraft, lat: null, lon: null });
  const [seenVersion, setSeenVersion] = useState(draftVersion);
  // A found address chosen: the machine filled the form, so it shows what the machine holds.
  if (seenVersion !== draftVersion) {
    setSeenVersion(draftVersion);
    setForm({ ...machineDraft, lat: null, lon: null });
  }
  const errorFor = (field: string) => errors.find((e) => e.field === field)?.message;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    actor.send({ type: 'newAddress.submit', draft: withoutPosition(form) });
  };
  return (
    <div className="narrow order-edit">
      <StepBack actor={actor} />
      <h1>A new delivery address</h1>
      <ErrorSummary
        errors={errors.map((e) => ({ fieldId: `${NEW_ADDRESS_ID}${e.field}`, message: e.message }))}
      />
      <p className="order-edit__lede">
        We save it to your addresses, then show the new total before anything changes.
      </p>
      <div className="card order-edit__form">
        <NewAddressFinder actor={actor} draft={withoutPosition(form)} />
        <form onSubmit={submit} noValidate aria-label="New delivery address" aria-busy={saving}>
          <AddressFields
            form={form}
            onChange={setForm}
            errorFor={errorFor}
            phoneHint="For the courier."
            idPrefix={NEW_ADDRESS_ID}
          />
          <div className="order-edit__actions">
            <Button type="submit" busy={saving}>
              Save and see the new total
            </Button>
            <Button
              variant="secondary"
              disabled={saving}
              onClick={() => actor.send({ type: 'newAddress.cancel' })}
            >
              Cancel
            </Button>
          </div>
        </form>
      </div>
    </div>
  );
}

const CHANGE_NAMES: Record<OrderEditChange['kind'], string> = {
  items: 'New dishes',
  delivery_date: 'New delivery day',
  shipping_address: 'New delivery address',
  chef_selections: "The chef's pick",
  voucher: 'Voucher',
  remove_voucher: 'Voucher removed',
};

/** Product rule R9.23: the new total and what it means for the card or the store credit. */
export function Review({ actor }: OrderEditViewProps) {
  const preview = useSelector(actor, (s) => s.context.preview);
  const change = useSelector(actor, (s) => s.context.change);
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const saving = useSelector(actor, (s) => s.matches({ changing: 'saving' }));
  if (!preview || !change)
    return (
      <p className="page-loading" role="status">
        Working out your new total…
      </p>
    );
  const money =
    preview.cardCharge > 0
      ? `We will charge ${formatPrice(preview.cardCharge)} to the card that paid for this order${
          preview.storeCreditSpent > 0
            ? `, after ${formatPrice(preview.storeCreditSpent)} of your store credit`
            : ''
        }.`
      : preview.storeCreditSpent > 0
        ? `${formatPrice(preview.storeCreditSpent)} comes from your store credit.`
        : preview.storeCreditRefund > 0
          ? `${formatPrice(preview.storeCreditRefund)} comes back to you as store credit.`
          : preview.difference === 0
            ? 'Your total stays the same.'
            : 'Your new total is what you will be asked to pay.';
  return (
    <div className="narrow order-edit">
      <h1>Check your change</h1>
      <section className="card order-edit__form" aria-labelledby="review-total">
        <h2 id="review-total">{CHANGE_NAMES[change.kind]}</h2>
        <Totals {...preview} />
        <p className="order-edit__muted">Was {formatPrice(preview.previousTotal)}.</p>
        <p className="order-edit__money">{money}</p>
        <div className="order-edit__actions">
          <Button
            busy={saving}
            disabled={busy}
            onClick={() => actor.send({ type: 'change.confirm' })}
          >
            Confirm change
          </Button>
          <Button
            variant="secondary"
            disabled={busy}
            onClick={() => actor.send({ type: 'change.back' })}
          >
            Go back
          </Button>
        </div>
      </section>
    </div>
  );
}
