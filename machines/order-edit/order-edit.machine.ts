import { assign, setup } from 'xstate';
import { ORDER_EDIT_MESSAGES, orderEditability } from '../../domain/order-edit';
import { parseUkPostcode } from '../../domain/postcode';
import {
  addressDraftErrors,
  EMPTY_DRAFT,
  SAVED_ADDRESS_MESSAGES,
} from '../../domain/saved-addresses';
import { POSTCODE_MESSAGES, postcodeChecks, postcodeGuards } from '../shared/postcode-lookup';
import { unprovided } from '../shared/unprovided-actor';
import type {
  AddressDraft,
  EditableOrder,
  EditData,
  EditFailure,
  EditPreview,
  FormError,
  NewAddress,
  NewAddressFailure,
  OrderEditChange,
  PostcodeAddress,
  SavedAddress,
} from './order-edit.types';

export type {
  EditableOrder,
  EditData,
  EditFailure,
  EditLine,
  EditPreview,
  MenuChoice,
  AddressDraft,
  NewAddress,
  NewAddressFailure,
  OrderEditChange,
  PostcodeAddress,
  SavedAddress,
} from './order-edit.types';

/** The postcode finder's field in the new address form: its errors name it. */
export const POSTCODE_FINDER_FIELD = 'postcode';

/** The edit screens under /order/{orderId}/edit: '' is the overview. */
export type EditStep = '' | 'delivery-info' | 'recipes' | 'change-delivery-address';

/** Where the steps' relative `meta.path` lie: the page passes the order's own to the bridge. */
export const ORDER_EDIT_BASE_PATH = '/order/:orderId/edit';

/** What the flow starts from: the order, and the path under its edit page its URL named. */
export interface OrderEditInput {
  orderId: string;
  step: string;
}

export interface OrderEditContext {
  orderId: string;
  /** The step the page was opened at: it opens once the order loads, if the order can change. */
  entryStep: string;
  data: EditData | null;
  /** The change being previewed, reviewed or saved, and the step it came from. */
  change: OrderEditChange | null;
  fromStep: EditStep;
  preview: EditPreview | null;
  /** The server's refusal, or ours, shown in the error summary. */
  error: string | null;
  /** Why the order cannot change (takeaway, too late), in the customer's words. */
  closedReason: string | null;
  /** A saved change's confirmation; `noticeId` changes with each, so a repeat shows again. */
  notice: string | null;
  noticeId: number;
  /** The address being added in change-delivery-address (product rule R9.25). */
  newAddress: NewAddress;
}

export type OrderEditEvent =
  | { type: 'step.open'; step: EditStep }
  /** A URL under the edit page reached by a link, a typed URL or Back: `path` is within it. */
  | { type: 'url.changed'; path: string; search: string }
  | { type: 'change.review'; change: OrderEditChange }
  | { type: 'change.confirm' }
  | { type: 'change.back' }
  | { type: 'order.retry' }
  | { type: 'address.new' }
  | { type: 'address.find'; postcode: string }
  | { type: 'foundAddress.choose'; addressId: string; draft: AddressDraft }
  | { type: 'newAddress.submit'; draft: AddressDraft }
  | { type: 'newAddress.cancel' };

/** A rejected call as the machine reads it (the bridge rejects with an EditFailure). */
export const failureOf = (error: unknown): EditFailure =>
  (error as EditFailure | undefined) ?? { status: 0, code: null, message: null };

/** A failed postcode lookup's words (the bridge rejects with the lookup's own failure). */
const lookupFailureOf = (error: unknown): string =>
  (error as { message?: string } | undefined)?.message ?? POSTCODE_MESSAGES.realPostcode;

/** A refused address save as the machine reads it. */
export const addressFailureOf = (error: unknown): NewAddressFailure => ({
  status: 0,
  message: null,
  field: null,
  ...(error as Partial<NewAddressFailure> | undefined),
});

const closedReasonOf = (data: EditData): string | null => {
  const editability = orderEditability(
    { type: data.order.orderType, state: data.order.state, deliveryDate: data.order.deliveryDate },
    new Date(data.now),
  );
  if (editability.editable) return null;
  if (editability.reason === 'takeaway') return ORDER_EDIT_MESSAGES.takeaway;
  if (editability.reason === 'too_late')
    return ORDER_EDIT_MESSAGES.tooLate(
      editability.cutoff!.toLocaleDateString('en-GB', {
        weekday: 'long',
        day: 'numeric',
        month: 'long',
        timeZone: 'UTC',
      }) + ', 12:00',
    );
  return ORDER_EDIT_MESSAGES.notEditable(data.order.state);
};

/** 409s that mean the order can no longer change at all (cut-off passed, takeaway). */
const CLOSED_CODES = new Set(['order_edit_closed', 'order_not_editable']);

const returnTargets = [
  {
    guard: { type: 'cameFrom' as const, params: { step: 'delivery-info' as EditStep } },
    target: '#orderEdit.editing.deliveryInfo',
  },
  {
    guard: { type: 'cameFrom' as const, params: { step: 'recipes' as EditStep } },
    target: '#orderEdit.editing.recipes',
  },
  {
    guard: { type: 'cameFrom' as const, params: { step: 'change-delivery-address' as EditStep } },
    target: '#orderEdit.editing.address',
  },
  { target: '#orderEdit.editing.overview' },
];

/** The steps a URL or a choice on screen can open, once the order has loaded and can still change. */
const stepTargets = [
  { step: 'delivery-info' as EditStep, target: '#orderEdit.editing.deliveryInfo' },
  { step: 'recipes' as EditStep, target: '#orderEdit.editing.recipes' },
  { step: 'change-delivery-address' as EditStep, target: '#orderEdit.editing.address' },
];

/**
 * Where a step chosen on screen (`step.open`) or named by its URL (`url.changed`) leads: that
 * step, or the overview for any other (product rule R9.26).
 */
const stepChoice = (stepOf: (event: OrderEditEvent) => string) => [
  ...stepTargets.map(({ step, target }) => ({
    guard: {
      type: 'isStep' as const,
      params: ({ event }: { event: OrderEditEvent }) => ({ wanted: step, step: stepOf(event) }),
    },
    target,
    actions: 'clearError' as const,
  })),
  { target: '#orderEdit.editing.overview', actions: 'clearError' as const },
];

/**
 * Editing a recipe-kit order before its cut-off (/order/{orderId}/edit, product rules R9.19 to
 * R9.24): an overview of what can still change, and three steps (delivery-info, recipes,
 * change-delivery-address). Every change is priced by the server first and shown (the new total,
 * what the card is charged or what comes back as store credit) before the customer confirms it;
 * confirming sends the total seen, so a price that moved meanwhile is refused, never taken. A
 * takeaway order, or one past its cut-off, shows why it cannot change. The address step can add
 * a new address (R9.25): found by postcode, saved to the address book, then moved to like any
 * saved one.
 */
export const orderEditMachine = setup({
  types: {
    context: {} as OrderEditContext,
    events: {} as OrderEditEvent,
    input: {} as OrderEditInput,
  },
  actors: {
    loadOrder: unprovided<EditData, { orderId: string }>('loadOrder'),
    previewChange: unprovided<EditPreview, { orderId: string; change: OrderEditChange }>(
      'previewChange',
    ),
    saveChange: unprovided<
      EditableOrder,
      { orderId: string; change: OrderEditChange; expectedTotal: number }
    >('saveChange'),
    lookupPostcode: unprovided<PostcodeAddress[], { postcode: string }>('lookupPostcode'),
    saveNewAddress: unprovided<SavedAddress, { draft: AddressDraft }>('saveNewAddress'),
  },
  guards: {
    isClosed: (_, data: EditData) => closedReasonOf(data) !== null,
    isStep: (_, params: { wanted: EditStep; step: string }) => params.wanted === params.step,
    isEntryStep: ({ context }, params: { step: EditStep }) => context.entryStep === params.step,
    cameFrom: ({ context }, params: { step: EditStep }) => context.fromStep === params.step,
    ...postcodeGuards,
    isDraftValid: (_, draft: AddressDraft) => addressDraftErrors(draft).length === 0,
    hasFoundAddress: ({ context }, addressId: string) =>
      context.newAddress.lookup?.addresses.some((a) => a.id === addressId) ?? false,
    isClosedRefusal: (_, failure: EditFailure) =>
      failure.status === 409 && CLOSED_CODES.has(failure.code ?? ''),
  },
  actions: {
    assignData: assign({
      data: (_, data: EditData) => data,
      closedReason: (_, data: EditData) => closedReasonOf(data),
    }),
    assignOrder: assign({
      data: ({ context }, order: EditableOrder) => context.data && { ...context.data, order },
    }),
    assignChange: assign((_, params: { change: OrderEditChange; step: EditStep }) => ({
      change: params.change,
      fromStep: params.step,
      error: null,
    })),
    assignPreview: assign({ preview: (_, preview: EditPreview) => preview }),
    clearChange: assign({ change: null, preview: null }),
    clearError: assign({ error: null }),
    assignFailure: assign({
      error: (_, failure: EditFailure) => failure.message ?? 'Something went wrong',
    }),
    openNewAddress: assign({
      error: null,
      newAddress: { draft: EMPTY_DRAFT, draftVersion: 0, errors: [], lookup: null },
    }),
    /** A problem on one field of the new address (postcodeChecks names it `assignError`). */
    assignError: assign({
      newAddress: ({ context }, error: FormError) => ({
        ...context.newAddress,
        errors: [error],
      }),
    }),
    clearNewAddressErrors: assign({
      newAddress: ({ context }) => ({ ...context.newAddress, errors: [] }),
    }),
    assignLookupPostcode: assign({
      newAddress: ({ context }, postcode: string) => ({
        ...context.newAddress,
        errors: [],
        lookup: { postcode: parseUkPostcode(postcode) ?? postcode.trim(), addresses: [] },
      }),
    }),
    assignFoundAddresses: assign({
      newAddress: ({ context }, addresses: PostcodeAddress[]) => ({
        ...context.newAddress,
        lookup: { postcode: context.newAddress.lookup?.postcode ?? '', addresses },
      }),
    }),
    /** A found address fills the street, town and postcode; what the customer typed stays. */
    assignFoundAddress: assign({
      newAddress: ({ context }, params: { addressId: string; draft: AddressDraft }) => {
        const found = context.newAddress.lookup?.addresses.find((a) => a.id === params.addressId);
        if (!found) return context.newAddress;
        return {
          ...context.newAddress,
          errors: [],
          draftVersion: context.newAddress.draftVersion + 1,
          draft: {
            ...params.draft,
            address1: found.address1,
            address2: found.address2 ?? '',
            city: found.city,
            zip: found.zip,
          },
        };
      },
    }),
    assignDraft: assign({
      newAddress: ({ context }, draft: AddressDraft) => ({ ...context.newAddress, draft }),
    }),
    assignDraftErrors: assign({
      newAddress: ({ context }, draft: AddressDraft) => ({
        ...context.newAddress,
        errors: addressDraftErrors(draft),
      }),
    }),
    /** A 400 lands on its field; anything else on the street line, in the server's words. */
    assignAddressFailure: assign({
      newAddress: ({ context }, failure: NewAddressFailure) => ({
        ...context.newAddress,
        errors: [
          {
            field: failure.field ?? 'address1',
            message: failure.message ?? SAVED_ADDRESS_MESSAGES.actionFailed,
          },
        ],
      }),
    }),
    /** The saved address joins the choices, so Back from the review finds it there. */
    addSavedAddress: assign({
      data: ({ context }, address: SavedAddress) =>
        context.data && {
          ...context.data,
          addresses: [...context.data.addresses.filter((a) => a.id !== address.id), address],
        },
    }),
    assignClosed: assign({
      closedReason: (_, failure: EditFailure) => failure.message ?? ORDER_EDIT_MESSAGES.takeaway,
    }),
    assignNotice: assign({
      notice: ORDER_EDIT_MESSAGES.saved,
      noticeId: ({ context }) => context.noticeId + 1,
    }),
  },
}).createMachine({
  id: 'orderEdit',
  meta: { basePath: ORDER_EDIT_BASE_PATH },
  context: ({ input }) => ({
    orderId: input.orderId,
    entryStep: input.step,
    data: null,
    change: null,
    fromStep: '',
    preview: null,
    error: null,
    closedReason: null,
    notice: null,
    noticeId: 0,
    newAddress: { draft: EMPTY_DRAFT, draftVersion: 0, errors: [], lookup: null },
  }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'loadOrder',
        src: 'loadOrder',
        input: ({ context }) => ({ orderId: context.orderId }),
        onDone: [
          {
            guard: { type: 'isClosed', params: ({ event }) => event.output },
            target: 'closed',
            actions: { type: 'assignData', params: ({ event }) => event.output },
          },
          // A step's URL opened directly (a link, a reload) opens that step (product rule R9.26).
          ...stepTargets.map(({ step, target }) => ({
            guard: { type: 'isEntryStep' as const, params: { step } },
            target,
            actions: {
              type: 'assignData' as const,
              params: ({ event }: { event: { output: EditData } }) => event.output,
            },
          })),
          {
            target: 'editing',
            actions: { type: 'assignData', params: ({ event }) => event.output },
          },
        ],
        onError: 'loadFailed',
      },
    },
    loadFailed: {
      on: { 'order.retry': 'loading' },
    },
    closed: {
      meta: { path: '' },
    },
    editing: {
      initial: 'overview',
      on: {
        'step.open': stepChoice((event) => (event.type === 'step.open' ? event.step : '')),
        'url.changed': stepChoice((event) => (event.type === 'url.changed' ? event.path : '')),
      },
      states: {
        overview: {
          meta: { path: '' },
          on: {
            'change.review': {
              target: '#orderEdit.changing',
              actions: {
                type: 'assignChange',
                params: ({ event }) => ({ change: event.change, step: '' as EditStep }),
              },
            },
          },
        },
        deliveryInfo: {
          meta: { path: 'delivery-info' },
          on: {
            'change.review': {
              target: '#orderEdit.changing',
              actions: {
                type: 'assignChange',
                params: ({ event }) => ({
                  change: event.change,
                  step: 'delivery-info' as EditStep,
                }),
              },
            },
          },
        },
        recipes: {
          meta: { path: 'recipes' },
          on: {
            'change.review': {
              target: '#orderEdit.changing',
              actions: {
                type: 'assignChange',
                params: ({ event }) => ({ change: event.change, step: 'recipes' as EditStep }),
              },
            },
          },
        },
        address: {
          meta: { path: 'change-delivery-address' },
          on: {
            'address.new': { target: 'newAddress', actions: 'openNewAddress' },
            'change.review': {
              target: '#orderEdit.changing',
              actions: {
                type: 'assignChange',
                params: ({ event }) => ({
                  change: event.change,
                  step: 'change-delivery-address' as EditStep,
                }),
              },
            },
          },
        },

        /** Product rule R9.25: a new address, found by postcode, saved, then priced as a move. */
        newAddress: {
          meta: { path: 'change-delivery-address' },
          on: {
            'address.find': [
              ...postcodeChecks(POSTCODE_FINDER_FIELD),
              {
                target: 'findingAddress',
                actions: { type: 'assignLookupPostcode', params: ({ event }) => event.postcode },
              },
            ],
            'foundAddress.choose': {
              guard: { type: 'hasFoundAddress', params: ({ event }) => event.addressId },
              actions: {
                type: 'assignFoundAddress',
                params: ({ event }) => ({ addressId: event.addressId, draft: event.draft }),
              },
            },
            'newAddress.submit': [
              {
                guard: { type: 'isDraftValid', params: ({ event }) => event.draft },
                target: 'savingAddress',
                actions: [
                  'clearNewAddressErrors',
                  { type: 'assignDraft', params: ({ event }) => event.draft },
                ],
              },
              {
                actions: [
                  { type: 'assignDraft', params: ({ event }) => event.draft },
                  { type: 'assignDraftErrors', params: ({ event }) => event.draft },
                ],
              },
            ],
            'newAddress.cancel': { target: 'address', actions: 'clearNewAddressErrors' },
          },
        },
        findingAddress: {
          meta: { path: 'change-delivery-address' },
          tags: ['busy'],
          invoke: {
            id: 'lookupPostcode',
            src: 'lookupPostcode',
            input: ({ context }) => ({ postcode: context.newAddress.lookup?.postcode ?? '' }),
            onDone: {
              target: 'newAddress',
              actions: { type: 'assignFoundAddresses', params: ({ event }) => event.output },
            },
            onError: {
              target: 'newAddress',
              actions: {
                type: 'assignError',
                params: ({ event }) => ({
                  field: POSTCODE_FINDER_FIELD,
                  message: lookupFailureOf(event.error),
                }),
              },
            },
          },
        },
        savingAddress: {
          meta: { path: 'change-delivery-address' },
          tags: ['busy'],
          invoke: {
            id: 'saveNewAddress',
            src: 'saveNewAddress',
            input: ({ context }) => ({ draft: context.newAddress.draft }),
            onDone: {
              target: '#orderEdit.changing',
              actions: [
                { type: 'addSavedAddress', params: ({ event }) => event.output },
                {
                  type: 'assignChange',
                  params: ({ event }) => ({
                    change: { kind: 'shipping_address', addressId: event.output.id },
                    step: 'change-delivery-address' as EditStep,
                  }),
                },
              ],
            },
            onError: {
              target: 'newAddress',
              actions: {
                type: 'assignAddressFailure',
                params: ({ event }) => addressFailureOf(event.error),
              },
            },
          },
        },
      },
    },
    changing: {
      initial: 'previewing',
      states: {
        previewing: {
          tags: ['busy'],
          invoke: {
            id: 'previewChange',
            src: 'previewChange',
            input: ({ context }) => ({ orderId: context.orderId, change: context.change! }),
            onDone: {
              target: 'reviewing',
              actions: { type: 'assignPreview', params: ({ event }) => event.output },
            },
            onError: [
              {
                guard: { type: 'isClosedRefusal', params: ({ event }) => failureOf(event.error) },
                target: '#orderEdit.closed',
                actions: { type: 'assignClosed', params: ({ event }) => failureOf(event.error) },
              },
              ...returnTargets.map((target) => ({
                ...target,
                actions: [
                  'clearChange' as const,
                  {
                    type: 'assignFailure' as const,
                    params: ({ event }: { event: { error: unknown } }) => failureOf(event.error),
                  },
                ],
              })),
            ],
          },
        },
        reviewing: {
          on: {
            'change.confirm': 'saving',
            'change.back': returnTargets.map((target) => ({
              ...target,
              actions: 'clearChange' as const,
            })),
          },
        },
        saving: {
          tags: ['busy'],
          invoke: {
            id: 'saveChange',
            src: 'saveChange',
            input: ({ context }) => ({
              orderId: context.orderId,
              change: context.change!,
              expectedTotal: context.preview!.totalPrice,
            }),
            onDone: {
              target: '#orderEdit.editing.overview',
              actions: [
                { type: 'assignOrder', params: ({ event }) => event.output },
                'clearChange',
                'assignNotice',
              ],
            },
            onError: [
              {
                guard: { type: 'isClosedRefusal', params: ({ event }) => failureOf(event.error) },
                target: '#orderEdit.closed',
                actions: { type: 'assignClosed', params: ({ event }) => failureOf(event.error) },
              },
              ...returnTargets.map((target) => ({
                ...target,
                actions: [
                  'clearChange' as const,
                  {
                    type: 'assignFailure' as const,
                    params: ({ event }: { event: { error: unknown } }) => failureOf(event.error),
                  },
                ],
              })),
            ],
          },
        },
      },
    },
  },
});
