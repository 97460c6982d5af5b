import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import {
  VERIFY_EMAIL_MESSAGES,
  verifyEmailMachine,
  type VerifyEmailFailure,
} from '../../machines/verify-email/verify-email.machine';

type Outcome = { fails: VerifyEmailFailure } | { says: string };

const call = <TInput>(outcome: Outcome) =>
  fromPromise<string, TInput>(() =>
    'fails' in outcome ? Promise.reject(outcome.fails) : Promise.resolve(outcome.says),
  );
const failing = (fails: VerifyEmailFailure): Outcome => ({ fails });

function run(token: string | null, outcomes: { confirm?: Outcome; resend?: Outcome } = {}) {
  const machine = verifyEmailMachine.provide({
    actors: {
      confirmEmail: call<{ token: string }>(
        outcomes.confirm ?? { says: 'Your email address is verified.' },
      ),
      requestVerificationEmail: call<unknown>(outcomes.resend ?? { says: 'We have sent a link.' }),
    },
  });
  return createActor(machine, { input: { token } }).start();
}

const settled = (actor: ReturnType<typeof run>) => waitFor(actor, (s) => !s.hasTag('busy'));

describe('verifyEmailMachine', () => {
  it('confirms the link at once and ends verified', async () => {
    const actor = run('abc');
    expect(actor.getSnapshot().value).toBe('confirming');
    expect((await settled(actor)).value).toBe('verified');
  });

  it('fails without asking the server when the link has no token', () => {
    const snapshot = run(null).getSnapshot();
    expect(snapshot.value).toBe('failed');
    expect(snapshot.context.failure).toMatchObject({
      code: 'verification_link_invalid',
      message: VERIFY_EMAIL_MESSAGES.missingToken,
    });
  });

  it.each(['verification_link_expired', 'verification_link_used'])(
    'keeps the server’s code and words for %s',
    async (code) => {
      const failure = { status: 400, code, message: 'the server’s words' };
      const snapshot = await settled(run('abc', { confirm: failing(failure) }));
      expect(snapshot.value).toBe('failed');
      expect(snapshot.context.failure).toEqual(failure);
    },
  );

  it('sends a new link from the failed state and ends sent with the server’s words', async () => {
    const actor = run('abc', {
      confirm: failing({ status: 400, code: 'verification_link_expired', message: 'expired' }),
    });
    await settled(actor);
    actor.send({ type: 'link.resend' });
    expect(actor.getSnapshot().value).toBe('sending');
    const snapshot = await settled(actor);
    expect(snapshot.value).toBe('sent');
    expect(snapshot.context.sentMessage).toBe('We have sent a link.');
  });

  it.each([
    [{ status: 429, code: 'too_many', message: 'Try again in an hour.' }, 'Try again in an hour.'],
    [{ status: 401, code: null, message: 'Sign in' }, VERIFY_EMAIL_MESSAGES.signInToResend],
    [{ status: 0, code: null, message: null }, VERIFY_EMAIL_MESSAGES.resendFailed],
  ])('stays failed with a message when a new link is refused (%j)', async (failure, message) => {
    const actor = run(null, { resend: failing(failure) });
    actor.send({ type: 'link.resend' });
    const snapshot = await settled(actor);
    expect(snapshot.value).toBe('failed');
    expect(snapshot.context.resendError).toBe(message);
    expect(snapshot.can({ type: 'link.resend' })).toBe(true);
  });
});
