import type { SnapshotFrom } from 'xstate';
import {
  verifyEmailMachine,
  type VerifyEmailEvent,
  type VerifyEmailFailure,
  type VerifyEmailInput,
} from '../../../machines/verify-email/verify-email.machine';
import { EMAIL_VERIFICATION_MESSAGES as SERVER } from '../../../server/services/email-verification';
import type { PathModel } from '../support/path-model';

type Snapshot = SnapshotFrom<typeof verifyEmailMachine>;

/** The code first: a path's line cuts the payload short, and the code is what tells them apart. */
const linkProblem = (code: string, message: string): VerifyEmailFailure => ({
  code,
  status: 400,
  message,
});

/** The events the model may take, with the server's answers (its own words) worth covering. */
export const modelEvents = [
  { type: 'link.resend' },
  { type: 'xstate.done.actor.confirmEmail', output: SERVER.verified },
  {
    type: 'xstate.error.actor.confirmEmail',
    error: linkProblem('verification_link_expired', SERVER.expired),
  },
  {
    type: 'xstate.error.actor.confirmEmail',
    error: linkProblem('verification_link_used', SERVER.used),
  },
  {
    type: 'xstate.error.actor.confirmEmail',
    error: linkProblem('verification_link_invalid', SERVER.invalid),
  },
  {
    type: 'xstate.done.actor.requestVerificationEmail',
    output: SERVER.sent,
  },
  {
    type: 'xstate.error.actor.requestVerificationEmail',
    error: { status: 429, code: 'too_many_verification_emails', message: SERVER.tooMany },
  },
  {
    type: 'xstate.error.actor.requestVerificationEmail',
    error: { status: 401, code: null, message: null },
  },
  {
    type: 'xstate.error.actor.requestVerificationEmail',
    error: { status: 0, code: null, message: null },
  },
] as unknown as VerifyEmailEvent[];

export const entries: { name: string; input: VerifyEmailInput }[] = [
  { name: 'a link with a token', input: { token: 'abc' } },
  { name: 'a link without a token', input: { token: null } },
];

/** A failed link is told apart by why it failed, and by whether a new link was refused. */
export const serialize = (s: Snapshot) =>
  JSON.stringify([s.value, s.context.failure?.code ?? null, s.context.resendError !== null]);

export const pathModel = {
  machine: verifyEmailMachine,
  entries,
  events: modelEvents,
  serializeState: serialize,
} satisfies PathModel<Snapshot, VerifyEmailEvent, VerifyEmailInput>;
