import { fromPromise } from 'xstate';
import type { AuthFailure } from '../../../machines/auth/auth.machine';
import { authMachine } from '../../../machines/auth/auth.machine';
import { signInWithPassword, signUpCustomer } from '../../api/accounts';
import { api, unwrap } from '../../api/client';
import { isApiRequestError } from '../../api/api-error';
import { toEntity } from '../../api/json-api';
import type { Customer } from '../../api/types';

/** Turns an API failure into what the machine reads (status, code, the server's message). */
async function call<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    const failure: AuthFailure = isApiRequestError(error)
      ? { status: error.status, code: error.code, message: error.serverMessage }
      : { status: 0 };
    throw failure;
  }
}

/** The auth machine wired to the real API. */
export const liveAuthMachine = authMachine.provide({
  actors: {
    signIn: fromPromise(({ input }) => call(() => signInWithPassword(input, input.targetUrl))),
    signUp: fromPromise(({ input }) => call(() => signUpCustomer(input))),
    signInWithToken: fromPromise(({ input }) =>
      call(async () => {
        const body = await unwrap(api.POST('/sessions/token', { body: { token: input.token } }));
        return {
          customer: toEntity(body.data) as Customer,
          passwordReset: body.meta?.password_reset === true,
        };
      }),
    ),
    requestPasswordReset: fromPromise(({ input }) =>
      call(async () => {
        await unwrap(api.POST('/customers/password_reset', { body: { email: input.email } }));
      }),
    ),
    // Product rule R2.21: the link brings the customer back where they were going.
    requestSignInLink: fromPromise(({ input }) =>
      call(async () => {
        await unwrap(
          api.POST('/sessions/sign_in_link', {
            body: { email: input.email, return_to: input.returnTo },
          }),
        );
      }),
    ),
    changePassword: fromPromise(({ input }) =>
      call(async () => {
        await unwrap(
          api.PUT('/customers/password', { body: { password: input.password } }),
          "Couldn't update password",
        );
      }),
    ),
  },
});
