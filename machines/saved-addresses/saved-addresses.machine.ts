import { assign, setup } from 'xstate';
import {
  addressDraftErrors,
  deletionRefusal,
  draftOf,
  EMPTY_DRAFT,
  listedAddresses,
  SAVED_ADDRESS_MESSAGES,
} from '../../domain/saved-addresses';
import { unprovided } from '../shared/unprovided-actor';
import type {
  AddressDraft,
  AddressesData,
  AddressesFailure,
  FormError,
  PlanAddresses,
  SaveAddressInput,
  SavedAddressEntry,
} from './saved-addresses.types';

export type {
  AddressDraft,
  AddressesData,
  AddressesFailure,
  PlanAddresses,
  SaveAddressInput,
  SavedAddressEntry,
} from './saved-addresses.types';

export interface SavedAddressesContext {
  /** The listable addresses only (product rule R3.3), the default first. */
  addresses: SavedAddressEntry[];
  plans: PlanAddresses[];
  /** The address being edited, deleted or made the default; null while adding. */
  targetId: string | null;
  /** The form as last submitted (or as it opened). */
  draft: AddressDraft;
  /** The form's problems, ours or the server's, each on its field. */
  fieldErrors: FormError[];
  /** A refusal not tied to a field, shown in the section's error summary. */
  error: string | null;
  /** A done action's confirmation; `noticeId` changes with each, so a repeat shows again. */
  notice: string | null;
  noticeId: number;
}

export type SavedAddressesEvent =
  | { type: 'addresses.retry' }
  | { type: 'address.add' }
  | { type: 'address.edit'; addressId: string }
  | { type: 'form.submit'; draft: AddressDraft }
  | { type: 'form.cancel' }
  | { type: 'address.delete'; addressId: string }
  | { type: 'delete.confirm' }
  | { type: 'delete.cancel' }
  | { type: 'address.makeDefault'; addressId: string };

/** A rejected call as the machine reads it (the bridge rejects with an AddressesFailure). */
export const failureOf = (error: unknown): AddressesFailure => ({
  status: 0,
  message: null,
  field: null,
  ...(error as Partial<AddressesFailure> | undefined),
});

/** Why the address cannot be deleted now, or null (product rule R3.14). */
export const deletionRefusalIn = (context: SavedAddressesContext, addressId: string) =>
  deletionRefusal(addressId, context.addresses, context.plans);

const addressIn = (context: SavedAddressesContext, addressId: string | null) =>
  context.addresses.find((a) => a.id === addressId);

/**
 * The "Saved addresses" section of /account/my-details (product rules R3.3, R3.14 and R3.15): the
 * listable addresses, default first; add or edit one in a form checked by the UK rules before any
 * call (the server's 400 lands on its field); delete one after a confirmation (the only address a
 * plan uses cannot be); make one the default. Every call answers the list read again.
 */
export const savedAddressesMachine = setup({
  types: {
    context: {} as SavedAddressesContext,
    events: {} as SavedAddressesEvent,
  },
  actors: {
    loadAddresses: unprovided<AddressesData>('loadAddresses'),
    saveAddress: unprovided<AddressesData, SaveAddressInput>('saveAddress'),
    deleteAddress: unprovided<AddressesData, { addressId: string }>('deleteAddress'),
    makeDefault: unprovided<AddressesData, { addressId: string }>('makeDefault'),
  },
  guards: {
    hasAddress: ({ context }, addressId: string) => addressIn(context, addressId) !== undefined,
    canDelete: ({ context }, addressId: string) =>
      addressIn(context, addressId) !== undefined && deletionRefusalIn(context, addressId) === null,
    isOtherThanDefault: ({ context }, addressId: string) =>
      addressIn(context, addressId)?.isDefault === false,
    isDraftValid: (_, draft: AddressDraft) => addressDraftErrors(draft).length === 0,
    isFieldFailure: (_, failure: AddressesFailure) => failure.status === 400,
  },
  actions: {
    assignData: assign((_, data: AddressesData) => ({
      addresses: listedAddresses(data.addresses),
      plans: data.plans,
    })),
    assignTarget: assign({ targetId: (_, addressId: string | null) => addressId }),
    openForm: assign(({ context }) => {
      const address = addressIn(context, context.targetId);
      return { draft: address ? draftOf(address) : EMPTY_DRAFT, fieldErrors: [] };
    }),
    assignDraft: assign({ draft: (_, draft: AddressDraft) => draft }),
    assignDraftErrors: assign({
      fieldErrors: (_, draft: AddressDraft) => addressDraftErrors(draft),
    }),
    clearMessages: assign({ error: null, notice: null, fieldErrors: [] }),
    /** A 400 on a field shows there; anything else in the summary, the server's words first. */
    assignFieldFailure: assign({
      fieldErrors: (_, failure: AddressesFailure) => [
        {
          field: failure.field ?? 'address1',
          message: failure.message ?? SAVED_ADDRESS_MESSAGES.actionFailed,
        },
      ],
    }),
    assignError: assign({
      error: (_, failure: AddressesFailure) =>
        failure.message ?? SAVED_ADDRESS_MESSAGES.actionFailed,
    }),
    assignNotice: assign({
      notice: (_, text: string) => text,
      noticeId: ({ context }) => context.noticeId + 1,
    }),
    assignSavedNotice: assign({
      notice: ({ context }) =>
        context.targetId ? SAVED_ADDRESS_MESSAGES.updated : SAVED_ADDRESS_MESSAGES.added,
      noticeId: ({ context }) => context.noticeId + 1,
    }),
  },
}).createMachine({
  id: 'savedAddresses',
  context: {
    addresses: [],
    plans: [],
    targetId: null,
    draft: EMPTY_DRAFT,
    fieldErrors: [],
    error: null,
    notice: null,
    noticeId: 0,
  },
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'loadAddresses',
        src: 'loadAddresses',
        onDone: {
          target: 'list',
          actions: { type: 'assignData', params: ({ event }) => event.output },
        },
        onError: { target: 'loadFailed' },
      },
    },
    loadFailed: {
      on: { 'addresses.retry': { target: 'loading' } },
    },
    list: {
      on: {
        'address.add': {
          target: 'editing',
          actions: ['clearMessages', { type: 'assignTarget', params: null }, 'openForm'],
        },
        'address.edit': {
          guard: { type: 'hasAddress', params: ({ event }) => event.addressId },
          target: 'editing',
          actions: [
            'clearMessages',
            { type: 'assignTarget', params: ({ event }) => event.addressId },
            'openForm',
          ],
        },
        'address.delete': {
          guard: { type: 'canDelete', params: ({ event }) => event.addressId },
          target: 'confirmingDelete',
          actions: [
            'clearMessages',
            { type: 'assignTarget', params: ({ event }) => event.addressId },
          ],
        },
        'address.makeDefault': {
          guard: { type: 'isOtherThanDefault', params: ({ event }) => event.addressId },
          target: 'makingDefault',
          actions: [
            'clearMessages',
            { type: 'assignTarget', params: ({ event }) => event.addressId },
          ],
        },
      },
    },
    editing: {
      on: {
        'form.submit': [
          {
            guard: { type: 'isDraftValid', params: ({ event }) => event.draft },
            target: 'saving',
            actions: ['clearMessages', { type: 'assignDraft', params: ({ event }) => event.draft }],
          },
          {
            target: 'editing',
            reenter: true,
            actions: [
              { type: 'assignDraft', params: ({ event }) => event.draft },
              { type: 'assignDraftErrors', params: ({ event }) => event.draft },
            ],
          },
        ],
        'form.cancel': {
          target: 'list',
          actions: ['clearMessages', { type: 'assignTarget', params: null }],
        },
      },
    },
    saving: {
      tags: ['busy'],
      invoke: {
        id: 'saveAddress',
        src: 'saveAddress',
        input: ({ context }) => ({ addressId: context.targetId, draft: context.draft }),
        onDone: {
          target: 'list',
          actions: [
            { type: 'assignData', params: ({ event }) => event.output },
            'assignSavedNotice',
            { type: 'assignTarget', params: null },
          ],
        },
        onError: [
          {
            guard: { type: 'isFieldFailure', params: ({ event }) => failureOf(event.error) },
            target: 'editing',
            actions: { type: 'assignFieldFailure', params: ({ event }) => failureOf(event.error) },
          },
          {
            target: 'editing',
            actions: { type: 'assignError', params: ({ event }) => failureOf(event.error) },
          },
        ],
      },
    },
    confirmingDelete: {
      on: {
        'delete.confirm': { target: 'deleting' },
        'delete.cancel': { target: 'list', actions: { type: 'assignTarget', params: null } },
      },
    },
    deleting: {
      tags: ['busy'],
      invoke: {
        id: 'deleteAddress',
        src: 'deleteAddress',
        input: ({ context }) => ({ addressId: context.targetId ?? '' }),
        onDone: {
          target: 'list',
          actions: [
            { type: 'assignData', params: ({ event }) => event.output },
            { type: 'assignNotice', params: SAVED_ADDRESS_MESSAGES.deleted },
            { type: 'assignTarget', params: null },
          ],
        },
        onError: {
          target: 'list',
          actions: [
            { type: 'assignError', params: ({ event }) => failureOf(event.error) },
            { type: 'assignTarget', params: null },
          ],
        },
      },
    },
    makingDefault: {
      tags: ['busy'],
      invoke: {
        id: 'makeDefault',
        src: 'makeDefault',
        input: ({ context }) => ({ addressId: context.targetId ?? '' }),
        onDone: {
          target: 'list',
          actions: [
            { type: 'assignData', params: ({ event }) => event.output },
            { type: 'assignNotice', params: SAVED_ADDRESS_MESSAGES.madeDefault },
            { type: 'assignTarget', params: null },
          ],
        },
        onError: {
          target: 'list',
          actions: [
            { type: 'assignError', params: ({ event }) => failureOf(event.error) },
            { type: 'assignTarget', params: null },
          ],
        },
      },
    },
  },
});
