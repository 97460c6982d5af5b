import { assign, setup } from 'xstate';
import {
  PAYMENT_METHOD_MESSAGES,
  removalRefusal,
  withoutMethod,
} from '../../domain/payment-methods';
import { unprovided } from '../shared/unprovided-actor';
import type {
  ListedPaymentMethod,
  MethodsData,
  MethodsFailure,
  NewCard,
  PaymentGateway,
  PlanPayment,
  SaveCardInput,
} from './payment-methods.types';

export type {
  ListedPaymentMethod,
  MethodsData,
  MethodsFailure,
  NewCard,
  PlanPayment,
  SaveCardInput,
} from './payment-methods.types';

export interface PaymentMethodsContext {
  methods: ListedPaymentMethod[];
  plans: PlanPayment[];
  gateway: PaymentGateway;
  /** The method being removed or made the default. */
  targetId: string | null;
  /** The list and plans before an optimistic removal: put back if the call fails (R11.8). */
  beforeRemoval: { methods: ListedPaymentMethod[]; plans: PlanPayment[] } | null;
  /** The card being saved (the gateway's form holds the details). */
  card: NewCard | null;
  /** The plan whose method is being changed, and to which. */
  planChange: { planId: string; methodId: string } | null;
  /** The server's refusal, or ours, shown in the error summary. */
  error: string | null;
  /** A done action's confirmation; `noticeId` changes with each, so a repeat shows again. */
  notice: string | null;
  noticeId: number;
}

export type PaymentMethodsEvent =
  | { type: 'methods.retry' }
  | { type: 'method.remove'; methodId: string }
  | { type: 'removal.confirm' }
  | { type: 'removal.cancel' }
  | { type: 'method.makeDefault'; methodId: string }
  | { type: 'card.add' }
  | { type: 'card.save'; card: NewCard }
  | { type: 'add.cancel' }
  | { type: 'plan.changeMethod'; planId: string; methodId: string };

/** A rejected call as the machine reads it (the bridge rejects with a MethodsFailure). */
export const failureOf = (error: unknown): MethodsFailure =>
  (error as MethodsFailure | undefined) ?? { status: 0, message: null };

/** Why the method cannot be removed now, or null (product rules R11.4 and R11.7). */
export const removalRefusalIn = (context: PaymentMethodsContext, methodId: string) =>
  removalRefusal(methodId, context.methods, context.plans);

const hasMethod = (context: PaymentMethodsContext, methodId: string) =>
  context.methods.some((method) => method.id === methodId);

/**
 * The customer's saved payment methods (/account/my-details, product rules R11.4 and R11.7-R11.9):
 * add a card through the gateway's setup flow, make one the default, remove one after a
 * confirmation. Removing is optimistic: the card leaves the list at once and the plans on it move
 * to the default; if the call fails, both come back as they were with the server's words.
 * A plan's method can be changed to another saved one.
 */
export const paymentMethodsMachine = setup({
  types: {
    context: {} as PaymentMethodsContext,
    events: {} as PaymentMethodsEvent,
  },
  actors: {
    loadMethods: unprovided<MethodsData>('loadMethods'),
    deleteMethod: unprovided<MethodsData, { methodId: string }>('deleteMethod'),
    makeDefault: unprovided<MethodsData, { methodId: string }>('makeDefault'),
    saveCard: unprovided<MethodsData, SaveCardInput>('saveCard'),
    changePlanMethod: unprovided<MethodsData, { planId: string; methodId: string }>(
      'changePlanMethod',
    ),
  },
  guards: {
    canRemove: ({ context }, methodId: string) =>
      hasMethod(context, methodId) && removalRefusalIn(context, methodId) === null,
    isOtherThanDefault: ({ context }, methodId: string) =>
      context.methods.some((method) => method.id === methodId && !method.isDefault),
    isPlanMethodChange: ({ context }, change: { planId: string; methodId: string }) => {
      const plan = context.plans.find((p) => p.id === change.planId);
      return (
        plan !== undefined &&
        plan.state !== 'cancelled' &&
        plan.paymentMethodId !== change.methodId &&
        hasMethod(context, change.methodId)
      );
    },
  },
  actions: {
    assignData: assign((_, data: MethodsData) => ({
      methods: data.methods,
      plans: data.plans,
      gateway: data.gateway,
    })),
    assignTarget: assign({ targetId: (_, methodId: string | null) => methodId }),
    clearMessages: assign({ error: null, notice: null }),
    assignCard: assign({ card: (_, card: NewCard | null) => card }),
    assignPlanChange: assign({
      planChange: (_, change: { planId: string; methodId: string } | null) => change,
    }),
    /** Product rule R11.8: hidden at once, the plans on it moved to the default. */
    hideTarget: assign(({ context }) => {
      const after = withoutMethod(context.targetId ?? '', context.methods, context.plans);
      return {
        beforeRemoval: { methods: context.methods, plans: context.plans },
        methods: after.methods,
        plans: after.plans,
      };
    }),
    restoreTarget: assign(({ context }) => ({
      methods: context.beforeRemoval?.methods ?? context.methods,
      plans: context.beforeRemoval?.plans ?? context.plans,
      beforeRemoval: null,
    })),
    forgetRemoval: assign({ beforeRemoval: null, targetId: null }),
    /** The server's words when it gave some, else ours. */
    assignError: assign({
      error: (_, failure: MethodsFailure) =>
        failure.message ?? PAYMENT_METHOD_MESSAGES.actionFailed,
    }),
    assignNotice: assign({
      notice: (_, text: string) => text,
      noticeId: ({ context }) => context.noticeId + 1,
    }),
  },
}).createMachine({
  id: 'paymentMethods',
  context: {
    methods: [],
    plans: [],
    gateway: { name: 'sandbox' },
    targetId: null,
    beforeRemoval: null,
    card: null,
    planChange: null,
    error: null,
    notice: null,
    noticeId: 0,
  },
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'loadMethods',
        src: 'loadMethods',
        onDone: {
          target: 'ready',
          actions: { type: 'assignData', params: ({ event }) => event.output },
        },
        onError: { target: 'loadFailed' },
      },
    },
    loadFailed: {
      on: { 'methods.retry': { target: 'loading' } },
    },
    ready: {
      initial: 'idle',
      on: {
        'method.remove': {
          guard: { type: 'canRemove', params: ({ event }) => event.methodId },
          target: 'confirmingRemoval',
          actions: [
            'clearMessages',
            { type: 'assignTarget', params: ({ event }) => event.methodId },
          ],
        },
        'method.makeDefault': {
          guard: { type: 'isOtherThanDefault', params: ({ event }) => event.methodId },
          target: 'makingDefault',
          actions: [
            'clearMessages',
            { type: 'assignTarget', params: ({ event }) => event.methodId },
          ],
        },
        'card.add': { target: 'adding', actions: 'clearMessages' },
        'plan.changeMethod': {
          guard: { type: 'isPlanMethodChange', params: ({ event }) => event },
          target: 'changingPlanMethod',
          actions: [
            'clearMessages',
            {
              type: 'assignPlanChange',
              params: ({ event }) => ({ planId: event.planId, methodId: event.methodId }),
            },
          ],
        },
      },
      states: {
        idle: {},
        /** A removal failed: the card is back where it was, with the server's message. */
        restored: {},
      },
    },
    confirmingRemoval: {
      on: {
        'removal.confirm': { target: 'deleting' },
        'removal.cancel': { target: 'ready.idle', actions: { type: 'assignTarget', params: null } },
      },
    },
    deleting: {
      tags: ['busy'],
      entry: 'hideTarget',
      invoke: {
        id: 'deleteMethod',
        src: 'deleteMethod',
        input: ({ context }) => ({ methodId: context.targetId ?? '' }),
        onDone: {
          target: 'ready.idle',
          actions: [
            'forgetRemoval',
            { type: 'assignData', params: ({ event }) => event.output },
            { type: 'assignNotice', params: PAYMENT_METHOD_MESSAGES.removed },
          ],
        },
        onError: {
          target: 'ready.restored',
          actions: [
            'restoreTarget',
            { type: 'assignError', params: ({ event }) => failureOf(event.error) },
          ],
        },
      },
    },
    makingDefault: {
      tags: ['busy'],
      invoke: {
        id: 'makeDefault',
        src: 'makeDefault',
        input: ({ context }) => ({ methodId: context.targetId ?? '' }),
        onDone: {
          target: 'ready.idle',
          actions: [
            { type: 'assignData', params: ({ event }) => event.output },
            { type: 'assignNotice', params: PAYMENT_METHOD_MESSAGES.madeDefault },
          ],
        },
        onError: {
          target: 'ready.idle',
          actions: { type: 'assignError', params: ({ event }) => failureOf(event.error) },
        },
      },
    },
    adding: {
      on: {
        'card.save': {
          target: 'savingCard',
          actions: ['clearMessages', { type: 'assignCard', params: ({ event }) => event.card }],
        },
        'add.cancel': { target: 'ready.idle', actions: 'clearMessages' },
      },
    },
    savingCard: {
      tags: ['busy'],
      invoke: {
        id: 'saveCard',
        src: 'saveCard',
        input: ({ context }) => ({ card: context.card, gateway: context.gateway }),
        onDone: {
          target: 'ready.idle',
          actions: [
            { type: 'assignData', params: ({ event }) => event.output },
            { type: 'assignCard', params: null },
            { type: 'assignNotice', params: PAYMENT_METHOD_MESSAGES.added },
          ],
        },
        onError: {
          target: 'adding',
          actions: { type: 'assignError', params: ({ event }) => failureOf(event.error) },
        },
      },
    },
    changingPlanMethod: {
      tags: ['busy'],
      invoke: {
        id: 'changePlanMethod',
        src: 'changePlanMethod',
        input: ({ context }) => ({
          planId: context.planChange?.planId ?? '',
          methodId: context.planChange?.methodId ?? '',
        }),
        onDone: {
          target: 'ready.idle',
          actions: [
            { type: 'assignData', params: ({ event }) => event.output },
            { type: 'assignNotice', params: PAYMENT_METHOD_MESSAGES.planMethodChanged },
          ],
        },
        onError: {
          target: 'ready.idle',
          actions: { type: 'assignError', params: ({ event }) => failureOf(event.error) },
        },
      },
    },
  },
});
