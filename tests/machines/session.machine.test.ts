import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { LOGOUT_FAILED, sessionMachine } from '../../machines/session/session.machine';
import type { Customer } from '../../src/api/types';

const customer = { id: '7', firstName: 'Giulia' } as Customer;

function start(options: { me: Customer | null; signOutFails?: boolean }) {
  let cleared = 0;
  const actor = createActor(
    sessionMachine.provide({
      actors: {
        loadCustomer: fromPromise(async () => options.me),
        signOut: fromPromise(async () => {
          if (options.signOutFails) throw new Error('down');
        }),
      },
      actions: { clearClientData: () => void (cleared += 1) },
    }),
  ).start();
  return { actor, cleared: () => cleared };
}

const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('session machine', () => {
  it('loads the signed-in customer', async () => {
    const { actor } = start({ me: customer });
    expect(actor.getSnapshot().value).toBe('loading');
    await settled();
    expect(actor.getSnapshot().value).toBe('signedIn');
    expect(actor.getSnapshot().context.customer).toBe(customer);
  });

  it('is signed out when there is no session', async () => {
    const { actor } = start({ me: null });
    await settled();
    expect(actor.getSnapshot().value).toBe('signedOut');
  });

  it('resets the customer and clears client data on a 401', async () => {
    const { actor, cleared } = start({ me: customer });
    await settled();
    actor.send({ type: 'session.unauthorized' });
    expect(actor.getSnapshot().value).toBe('signedOut');
    expect(actor.getSnapshot().context.customer).toBeNull();
    expect(cleared()).toBe(1);
  });

  it('clears everything at sign-out', async () => {
    const { actor, cleared } = start({ me: customer });
    await settled();
    actor.send({ type: 'session.signOut' });
    await settled();
    expect(actor.getSnapshot().value).toBe('signedOut');
    expect(actor.getSnapshot().context).toEqual({ customer: null, error: null });
    expect(cleared()).toBe(1);
  });

  it("still clears the client when the sign-out call fails, and says 'Logout request failed'", async () => {
    const { actor, cleared } = start({ me: customer, signOutFails: true });
    await settled();
    actor.send({ type: 'session.signOut' });
    await settled();
    expect(actor.getSnapshot().value).toBe('signedOut');
    expect(actor.getSnapshot().context.error).toBe(LOGOUT_FAILED);
    expect(LOGOUT_FAILED).toBe('Logout request failed');
    expect(cleared()).toBe(1);
  });

  it('takes a sign-in from the auth flow', async () => {
    const { actor } = start({ me: null });
    await settled();
    actor.send({ type: 'session.signedIn', customer });
    expect(actor.getSnapshot().value).toBe('signedIn');
  });
});
