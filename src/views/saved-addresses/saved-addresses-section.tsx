import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useState, type FormEvent } from 'react';
import type { ActorRefFrom, StateValueFrom } from 'xstate';
import { deletionRefusalIn } from '../../../machines/saved-addresses/saved-addresses.machine';
import {
  addressLine,
  deletionNote,
  type AddressDraft,
  type SavedAddressEntry,
} from '../../../domain/saved-addresses';
import type { StateKeys } from '../../flows/flow-types';
import { flash } from '../../components/flash/flash-store';
import { Button } from '../../components/form/button';
import { ErrorSummary } from '../../components/form/error-summary';
import { TextField } from '../../components/form/text-field';
import { Modal } from '../../components/modal';
import { liveSavedAddressesMachine } from './saved-addresses-actors';
import './saved-addresses.css';

type AddressesActor = ActorRefFrom<typeof liveSavedAddressesMachine>;
type Panel = 'loading' | 'loadFailed' | 'list' | 'form';

/** Which panel each state shows: a new state fails to compile until it has one. */
const PANEL_OF_STATE = {
  loading: 'loading',
  loadFailed: 'loadFailed',
  list: 'list',
  editing: 'form',
  saving: 'form',
  confirmingDelete: 'list',
  deleting: 'list',
  makingDefault: 'list',
} as const satisfies Record<StateKeys<StateValueFrom<typeof liveSavedAddressesMachine>>, Panel>;

const FIELDS: {
  id: keyof AddressDraft;
  label: string;
  autoComplete: string;
  hint?: string;
  type?: string;
}[] = [
  { id: 'firstName', label: 'First name', autoComplete: 'given-name' },
  { id: 'lastName', label: 'Last name', autoComplete: 'family-name' },
  { id: 'address1', label: 'Address line 1', autoComplete: 'address-line1' },
  { id: 'address2', label: 'Address line 2 (optional)', autoComplete: 'address-line2' },
  { id: 'city', label: 'Town or city', autoComplete: 'address-level2' },
  { id: 'zip', label: 'Postcode', autoComplete: 'postal-code', hint: 'A UK postcode, like W4 2HD' },
  {
    id: 'phone',
    label: 'Phone number',
    autoComplete: 'tel',
    type: 'tel',
    hint: 'For the courier: a UK number, like 07812 345678',
  },
];

const fieldId = (field: string) => `saved-address-${field}`;

function AddressCard({ actor, address }: { actor: AddressesActor; address: SavedAddressEntry }) {
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const refusal = useSelector(actor, (s) => deletionRefusalIn(s.context, address.id));
  const canEdit = useSelector(actor, (s) => s.can({ type: 'address.edit', addressId: address.id }));
  const canMakeDefault = useSelector(actor, (s) =>
    s.can({ type: 'address.makeDefault', addressId: address.id }),
  );
  const line = addressLine(address);
  const reasonId = `saved-address-${address.id}-reason`;
  return (
    <li className="card saved-addresses__item" aria-label={line}>
      <p className="saved-addresses__name">
        <strong>
          {address.firstName} {address.lastName}
        </strong>
        {address.isDefault && <span className="badge badge--success">Default</span>}
      </p>
      <address className="saved-addresses__lines">
        {address.address1}
        <br />
        {address.address2 && (
          <>
            {address.address2}
            <br />
          </>
        )}
        {address.city} {address.zip}
        <br />
        {address.phone}
      </address>
      {refusal && (
        <p id={reasonId} className="saved-addresses__reason">
          {refusal}
        </p>
      )}
      <div className="saved-addresses__actions">
        <Button
          variant="secondary"
          disabled={busy || !canEdit}
          aria-label={`Edit ${line}`}
          onClick={() => actor.send({ type: 'address.edit', addressId: address.id })}
        >
          Edit
        </Button>
        {!address.isDefault && (
          <Button
            variant="secondary"
            disabled={busy || !canMakeDefault}
            aria-label={`Make ${line} the default`}
            onClick={() => actor.send({ type: 'address.makeDefault', addressId: address.id })}
          >
            Make default
          </Button>
        )}
        <Button
          variant="secondary"
          disabled={busy || refusal !== null}
          aria-describedby={refusal ? reasonId : undefined}
          aria-label={`Delete ${line}`}
          onClick={() => actor.send({ type: 'address.delete', addressId: address.id })}
        >
          Delete
        </Button>
      </div>
    </li>
  );
}

function AddressForm({ actor }: { actor: AddressesActor }) {
  const initial = useSelector(actor, (s) => s.context.draft);
  const editing = useSelector(actor, (s) => s.context.targetId !== null);
  const fieldErrors = useSelector(actor, (s) => s.context.fieldErrors);
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const [draft, setDraft] = useState<AddressDraft>(initial);
  const errorFor = (field: string) => fieldErrors.find((e) => e.field === field)?.message;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    actor.send({ type: 'form.submit', draft });
  };
  const heading = editing ? 'Edit your address' : 'Add an address';
  return (
    <form
      className="card saved-addresses__form"
      onSubmit={submit}
      noValidate
      aria-labelledby="saved-address-form-heading"
      aria-busy={busy}
    >
      <ErrorSummary
        errors={fieldErrors.map((e) => ({ fieldId: fieldId(e.field), message: e.message }))}
      />
      <h3 id="saved-address-form-heading">{heading}</h3>
      {FIELDS.map((field) => (
        <TextField
          key={field.id}
          id={fieldId(field.id)}
          label={field.label}
          hint={field.hint}
          type={field.type ?? 'text'}
          autoComplete={field.autoComplete}
          value={draft[field.id]}
          error={errorFor(field.id)}
          onChange={(e) => setDraft({ ...draft, [field.id]: e.target.value })}
        />
      ))}
      <div className="saved-addresses__actions">
        <Button type="submit" busy={busy}>
          Save address
        </Button>
        <Button
          type="button"
          variant="secondary"
          disabled={busy}
          onClick={() => actor.send({ type: 'form.cancel' })}
        >
          Cancel
        </Button>
      </div>
    </form>
  );
}

function DeleteDialog({ actor }: { actor: AddressesActor }) {
  const target = useSelector(actor, (s) =>
    s.matches('confirmingDelete')
      ? (s.context.addresses.find((a) => a.id === s.context.targetId) ?? null)
      : null,
  );
  const note = useSelector(actor, (s) =>
    s.context.targetId ? deletionNote(s.context.targetId, s.context.plans) : null,
  );
  return (
    <Modal
      open={target !== null}
      title="Delete this address?"
      onClose={() => actor.send({ type: 'delete.cancel' })}
    >
      {target && (
        <>
          <p>
            {addressLine(target)} will be removed from your account.{note && ` ${note}`}
          </p>
          <div className="saved-addresses__actions">
            <Button variant="destructive" onClick={() => actor.send({ type: 'delete.confirm' })}>
              Yes, delete it
            </Button>
            <Button variant="secondary" onClick={() => actor.send({ type: 'delete.cancel' })}>
              Keep it
            </Button>
          </div>
        </>
      )}
    </Modal>
  );
}

/**
 * The "Saved addresses" section of /account/my-details (product rules R3.3, R3.14 and R3.15): the
 * listable addresses as cards, the default first with its badge; Edit, Make default, Delete after
 * a confirmation (disabled with the reason when the rule forbids it), and Add an address.
 */
export function SavedAddressesSection() {
  const actor = useActorRef(liveSavedAddressesMachine);
  const panel = useSelector(
    actor,
    (s) => PANEL_OF_STATE[s.value as keyof typeof PANEL_OF_STATE] satisfies Panel,
  );
  const addresses = useSelector(actor, (s) => s.context.addresses);
  const error = useSelector(actor, (s) => s.context.error);
  const canAdd = useSelector(actor, (s) => s.can({ type: 'address.add' }));
  const formKey = useSelector(actor, (s) => `${s.context.targetId ?? 'new'}`);
  const noticeId = useSelector(actor, (s) => s.context.noticeId);
  // A done action's confirmation as a toast (product rule R1.5), once per action.
  useEffect(() => {
    const notice = actor.getSnapshot().context.notice;
    if (noticeId > 0 && notice) flash(notice);
  }, [actor, noticeId]);
  return (
    <section className="saved-addresses" aria-labelledby="saved-addresses-heading">
      <h2 id="saved-addresses-heading" tabIndex={-1}>
        Saved addresses
      </h2>
      {error && <ErrorSummary errors={[{ fieldId: 'saved-addresses-heading', message: error }]} />}
      {panel === 'loading' && <p role="status">Loading your addresses…</p>}
      {panel === 'loadFailed' && (
        <div className="notice notice--error" role="alert">
          <p>Couldn&apos;t load addresses list</p>
          <Button variant="secondary" onClick={() => actor.send({ type: 'addresses.retry' })}>
            Try again
          </Button>
        </div>
      )}
      {panel === 'form' && <AddressForm key={formKey} actor={actor} />}
      {panel === 'list' && (
        <>
          {addresses.length === 0 ? (
            <p>You have no saved addresses yet. Add one to check out faster.</p>
          ) : (
            <ul className="saved-addresses__list">
              {addresses.map((address) => (
                <AddressCard key={address.id} actor={actor} address={address} />
              ))}
            </ul>
          )}
          <Button
            variant="secondary"
            disabled={!canAdd}
            onClick={() => actor.send({ type: 'address.add' })}
          >
            Add an address
          </Button>
        </>
      )}
      <DeleteDialog actor={actor} />
    </section>
  );
}
