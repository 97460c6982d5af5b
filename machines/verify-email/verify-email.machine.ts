import { assign, setup } from 'xstate';
import { unprovided } from '../shared/unprovided-actor';

/** Why a link did not verify, or a new link was not sent: the server's code and words. */
export interface VerifyEmailFailure {
  status: number;
  code: string | null;
  message: string | null;
}

/** Ours where the server gives no words (the network failed). */
export const VERIFY_EMAIL_MESSAGES = {
  confirmFailed: 'We could not check your link just now. Try opening it again in a few minutes.',
  missingToken:
    'This verification link is not valid. Check you copied the whole link from the email, or send a new link from your account.',
  resendFailed: 'We could not send a new link just now. Try again in a few minutes.',
  signInToResend: 'Sign in to send a new link.',
} as const;

export interface VerifyEmailInput {
  /** The link's `?token=`; null when the link had none. */
  token: string | null;
}

export interface VerifyEmailContext extends VerifyEmailInput {
  /** Why the link failed: expired, used, not valid, or the check itself failed. */
  failure: VerifyEmailFailure | null;
  /** Why asking for a new link failed, shown by the button. */
  resendError: string | null;
  /** The server's confirmation that a new link is on its way. */
  sentMessage: string | null;
}

export type VerifyEmailEvent = { type: 'link.resend' };

export const failureOf = (error: unknown): VerifyEmailFailure => {
  const e = error as Partial<VerifyEmailFailure> | null;
  return { status: e?.status ?? 0, code: e?.code ?? null, message: e?.message ?? null };
};

/**
 * /verify-email?token=: confirms the link as soon as the page opens; a link that has expired,
 * was used or is not valid says so, and offers a new link (signed in: the server knows where to
 * send it; signed out: the view links to sign-in).
 */
export const verifyEmailMachine = setup({
  types: {
    input: {} as VerifyEmailInput,
    context: {} as VerifyEmailContext,
    events: {} as VerifyEmailEvent,
  },
  actors: {
    confirmEmail: unprovided<string, { token: string }>('confirmEmail'),
    requestVerificationEmail: unprovided<string>('requestVerificationEmail'),
  },
  guards: {
    hasToken: ({ context }) => context.token !== null && context.token !== '',
  },
  actions: {
    assignMissingToken: assign({
      failure: () => ({
        status: 400,
        code: 'verification_link_invalid',
        message: VERIFY_EMAIL_MESSAGES.missingToken,
      }),
    }),
    assignFailure: assign({ failure: (_, failure: VerifyEmailFailure) => failure }),
    assignResendError: assign({
      resendError: (_, failure: VerifyEmailFailure) => {
        if (failure.status === 401) return VERIFY_EMAIL_MESSAGES.signInToResend;
        return failure.status >= 400 && failure.status < 500 && failure.message
          ? failure.message
          : VERIFY_EMAIL_MESSAGES.resendFailed;
      },
    }),
    clearResendError: assign({ resendError: null }),
    assignSent: assign({ sentMessage: (_, message: string) => message }),
  },
}).createMachine({
  id: 'verifyEmail',
  context: ({ input }) => ({ ...input, failure: null, resendError: null, sentMessage: null }),
  initial: 'routing',
  states: {
    routing: {
      always: [
        { guard: 'hasToken', target: 'confirming' },
        { target: 'failed', actions: 'assignMissingToken' },
      ],
    },
    confirming: {
      tags: ['busy'],
      invoke: {
        id: 'confirmEmail',
        src: 'confirmEmail',
        input: ({ context }) => ({ token: context.token ?? '' }),
        onDone: { target: 'verified' },
        onError: {
          target: 'failed',
          actions: { type: 'assignFailure', params: ({ event }) => failureOf(event.error) },
        },
      },
    },
    verified: { type: 'final' },
    failed: {
      on: { 'link.resend': { target: 'sending', actions: 'clearResendError' } },
    },
    sending: {
      tags: ['busy'],
      invoke: {
        id: 'requestVerificationEmail',
        src: 'requestVerificationEmail',
        onDone: {
          target: 'sent',
          actions: { type: 'assignSent', params: ({ event }) => event.output },
        },
        onError: {
          target: 'failed',
          actions: { type: 'assignResendError', params: ({ event }) => failureOf(event.error) },
        },
      },
    },
    sent: { type: 'final' },
  },
});
