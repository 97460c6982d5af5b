import { ApiRequestError } from './api-error';
import { api, unwrap } from './client';

/** Thrown shape the verify-email machine reads: the status, the server's code and words. */
const asFailure = (error: unknown) =>
  error instanceof ApiRequestError
    ? { status: error.status, code: error.code ?? null, message: error.serverMessage ?? null }
    : { status: 0, code: null, message: null };

/** POST customers/email_verification/confirm: the link's token; resolves with the server's words. */
export async function confirmEmail(token: string): Promise<string> {
  try {
    const body = await unwrap(
      api.POST('/customers/email_verification/confirm', { body: { token } }),
    );
    return body.meta.message;
  } catch (error) {
    throw asFailure(error);
  }
}

/** POST customers/email_verification: a new link to the signed-in customer's email. */
export async function requestVerificationEmail(): Promise<string> {
  try {
    const body = await unwrap(api.POST('/customers/email_verification'));
    return body.meta.message;
  } catch (error) {
    throw asFailure(error);
  }
}
