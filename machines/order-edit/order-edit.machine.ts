import { assign, setup } from 'xstate';
import { ORDER_EDIT_MESSAGES, orderEditability } from '../../domain/order-edit';
import { unprovided } from '../shared/unprovided-actor';
import type {
  EditableOrder,
  EditData,
  EditFailure,
  EditPreview,
  OrderEditChange,
} from './order-edit.types';

export type {
  EditableOrder,
  EditData,
  EditFailure,
  EditLine,
  EditPreview,
  MenuChoice,
  OrderEditChange,
  SavedAddress,
} from './order-edit.types';

/** The edit screens under /order/{orderId}/edit: '' is the overview. */
export type EditStep = '' | 'delivery-info' | 'recipes' | 'change-delivery-address';

export interface OrderEditContext {
  orderId: string;
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
}

export type OrderEditEvent =
  | { type: 'step.open'; step: EditStep }
  | { type: 'change.review'; change: OrderEditChange }
  | { type: 'change.confirm' }
  | { type: 'change.back' }
  | { type: 'order.retry' };

/** A rejected call as the machine reads it (the bridge rejects with an EditFailure). */
export const failureOf = (error: unknown): EditFailure =>
  (error as EditFailure | undefined) ?? { status: 0, code: null, message: null };

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

/**
 * Editing a recipe-kit order before its cut-off (/order/{orderId}/edit, product rules R9.19 to
 * R9.24): an overview of what can still change, and three steps (delivery-info, recipes,
 * change-delivery-address). Every change is priced by the server first and shown (the new total,
 * what the card is charged or what comes back as store credit) before the customer confirms it;
 * confirming sends the total seen, so a price that moved meanwhile is refused, never taken. A
 * takeaway order, or one past its cut-off, shows why it cannot change.
 */
export const orderEditMachine = setup({
  types: {
    context: {} as OrderEditContext,
    events: {} as OrderEditEvent,
    input: {} as { orderId: string },
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
  },
  guards: {
    isClosed: (_, data: EditData) => closedReasonOf(data) !== null,
    isStep: (_, params: { wanted: EditStep; step: EditStep }) => params.wanted === params.step,
    cameFrom: ({ context }, params: { step: EditStep }) => context.fromStep === params.step,
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
    assignError: assign({
      error: (_, failure: EditFailure) => failure.message ?? 'Something went wrong',
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
  context: ({ input }) => ({
    orderId: input.orderId,
    data: null,
    change: null,
    fromStep: '',
    preview: null,
    error: null,
    closedReason: null,
    notice: null,
    noticeId: 0,
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
      meta: { step: '' },
    },
    editing: {
      initial: 'overview',
      on: {
        'step.open': [
          {
            guard: {
              type: 'isStep',
              params: ({ event }) => ({ wanted: 'delivery-info', step: event.step }),
            },
            target: '.deliveryInfo',
            actions: 'clearError',
          },
          {
            guard: {
              type: 'isStep',
              params: ({ event }) => ({ wanted: 'recipes', step: event.step }),
            },
            target: '.recipes',
            actions: 'clearError',
          },
          {
            guard: {
              type: 'isStep',
              params: ({ event }) => ({ wanted: 'change-delivery-address', step: event.step }),
            },
            target: '.address',
            actions: 'clearError',
          },
          { target: '.overview', actions: 'clearError' },
        ],
      },
      states: {
        overview: {
          meta: { step: '' },
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
          meta: { step: 'delivery-info' },
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
          meta: { step: 'recipes' },
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
          meta: { step: 'change-delivery-address' },
          on: {
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
                    type: 'assignError' as const,
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
                    type: 'assignError' as const,
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
