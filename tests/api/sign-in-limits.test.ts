import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { DEVICE_COOKIE } from '../../server/services/device-cookies';
import { SIGN_IN_LIMITS } from '../../server/services/sign-in-limits';
import { signupBody } from './support/customers';
import { useTestApp } from './support/test-app';

// A clock the tests move, so waits of minutes take no time.
let clock = new Date('2026-11-23T09:00:00Z');
const advance = (seconds: number) => {
  clock = new Date(clock.getTime() + seconds * 1000);
};
const testApp = useTestApp({ overrides: { now: () => clock } });

let addresses = 0;
/** A fresh client address (the socket's: no proxy is trusted). */
const nextAddress = () => {
  addresses += 1;
  return `10.77.${addresses >> 8}.${addresses & 255}`;
};

function signIn(
  email: string,
  password: string,
  options: { from?: string; device?: string } = {},
): Promise<LightMyRequestResponse> {
  return testApp().app.inject({
    method: 'POST',
    url: '/api/v2/sessions',
    remoteAddress: options.from ?? nextAddress(),
    headers: {
      'x-branch': 'web',
      ...(options.device && { cookie: `${DEVICE_COOKIE}=${options.device}` }),
    },
    payload: { email, password },
  });
}

const deviceCookieOf = (response: LightMyRequestResponse) =>
  response.cookies.find((cookie) => cookie.name === DEVICE_COOKIE)?.value ?? '';

/** A new account and the device cookie of the browser that signed up. */
async function newAccount() {
  const body = signupBody();
  const response = await testApp().app.inject({
    method: 'POST',
    url: '/api/v2/customers',
    remoteAddress: nextAddress(),
    headers: { 'x-branch': 'web' },
    payload: body,
  });
  expect(response.statusCode).toBe(201);
  return { email: body.email, password: body.password, device: deviceCookieOf(response) };
}

/** Wrong guesses from a new address each time until `count` of them reached the password check. */
async function guessWrong(email: string, count: number) {
  for (let done = 0; done < count;) {
    const response = await signIn(email, 'wrong-guess');
    if (response.statusCode === 429) advance(Number(response.headers['retry-after']));
    else done += 1;
  }
}

describe('sign-in limits during an attack on one account', () => {
  it('lets the owner in from a device they signed in from before, with the right password', async () => {
    const owner = await newAccount();
    const signedIn = await signIn(owner.email, owner.password);
    const device = deviceCookieOf(signedIn);
    expect(device).not.toBe('');

    await guessWrong(owner.email, 12);
    const onOwnDevice = await signIn(owner.email, owner.password, { device });
    const onNewDevice = await signIn(owner.email, owner.password);

    expect(onOwnDevice.statusCode).toBe(201);
    expect(onNewDevice.statusCode).toBe(429);
    expect(onNewDevice.json().errors[0]).toMatchObject({
      code: 'too_many_attempts',
      detail: expect.stringMatching(
        /^Too many sign-in attempts\. Try again in \d+ (seconds|minutes?), or reset your password\.$/,
      ),
    });
    expect(Number(onNewDevice.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('slows the account rather than locking it: after the wait the right password gets in from anywhere', async () => {
    const owner = await newAccount();
    await guessWrong(owner.email, 8);

    const refused = await signIn(owner.email, owner.password);
    advance(Number(refused.headers['retry-after']));
    const afterTheWait = await signIn(owner.email, owner.password);

    expect(refused.statusCode).toBe(429);
    expect(afterTheWait.statusCode).toBe(201);
  });

  it('doubles the wait between untrusted attempts up to 5 minutes, so an attacker rotating addresses gets a bounded rate', async () => {
    const target = await newAccount();
    const waits: number[] = [];
    let guesses = 0;
    const end = clock.getTime() + 60 * 60_000;

    while (clock.getTime() < end) {
      const response = await signIn(target.email, 'wrong-guess');
      if (response.statusCode === 429) {
        waits.push(Number(response.headers['retry-after']));
        advance(waits.at(-1) ?? 1);
      } else {
        expect(response.statusCode).toBe(401);
        guesses += 1;
      }
    }

    expect(waits.slice(0, 6)).toEqual([1, 2, 4, 8, 16, 32]);
    expect(Math.max(...waits)).toBe(SIGN_IN_LIMITS.accountMaxDelaySeconds);
    // 5 free, 9 while the wait grows to 256 s, then one per 5 minutes: about 24 in the hour.
    expect(guesses).toBeLessThanOrEqual(25);
  });

  it('trusts a device cookie only for its own account, and a forged one not at all', async () => {
    const owner = await newAccount();
    const other = await newAccount();
    await guessWrong(owner.email, 6);
    const [id, nonce, signature = ''] = owner.device.split('.');
    const forged = `${id}.${nonce}.${signature.startsWith('A') ? 'B' : 'A'}${signature.slice(1)}`;

    const otherAccounts = await signIn(owner.email, owner.password, { device: other.device });
    const forgedCookie = await signIn(owner.email, owner.password, { device: forged });
    const ownCookie = await signIn(owner.email, owner.password, { device: owner.device });

    expect(otherAccounts.statusCode).toBe(429);
    expect(forgedCookie.statusCode).toBe(429);
    expect(ownCookie.statusCode).toBe(201);
  });

  it('gives a stolen device cookie 10 guesses of its own, then treats it as untrusted', async () => {
    const owner = await newAccount();
    await guessWrong(owner.email, 6);

    const withCookie: number[] = [];
    for (let i = 0; i < SIGN_IN_LIMITS.perDevice; i += 1)
      withCookie.push(
        (await signIn(owner.email, 'wrong-guess', { device: owner.device })).statusCode,
      );
    const spent = await signIn(owner.email, owner.password, { device: owner.device });

    expect(withCookie).toEqual(Array(SIGN_IN_LIMITS.perDevice).fill(401));
    expect(spent.statusCode).toBe(429);
  });

  it('limits untrusted failures per account and address before the account itself is slowed', async () => {
    const target = await newAccount();
    const from = nextAddress();
    for (let i = 0; i < SIGN_IN_LIMITS.perAccountAndAddress; i += 1) {
      expect((await signIn(target.email, 'wrong-guess', { from })).statusCode).toBe(401);
      advance(120);
    }

    const sameAddress = await signIn(target.email, target.password, { from });
    advance(1);
    const otherAddress = await signIn(target.email, target.password);

    expect(sameAddress.statusCode).toBe(429);
    // The first of the 5 failures (10 minutes ago) leaves the 15-minute window in 5 minutes.
    expect(Number(sameAddress.headers['retry-after'])).toBe(5 * 60);
    expect(sameAddress.json().errors[0].detail).toBe(
      'Too many sign-in attempts. Try again in 5 minutes, or reset your password.',
    );
    expect(otherAddress.statusCode).toBe(201);
  });

  it('counts a burst of concurrent guesses one by one', async () => {
    const target = await newAccount();

    const burst = await Promise.all(
      Array.from({ length: 12 }, () => signIn(target.email, 'wrong-guess')),
    );

    expect(burst.filter((r) => r.statusCode === 401)).toHaveLength(
      SIGN_IN_LIMITS.accountFreeFailures,
    );
    expect(burst.filter((r) => r.statusCode === 429)).toHaveLength(7);
  });
});
