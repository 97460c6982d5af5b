import type { CheckoutFailure } from '../../../machines/checkout-shared/checkout-shared.types';
import { isApiRequestError } from '../../api/api-error';

/** Form fields the server's JSON pointers name, in every checkout's forms. */
const FIELD_OF_POINTER: Record<string, string> = {
  '/card_number': 'cardNumber',
  '/exp_month': 'cardExpiry',
  '/exp_year': 'cardExpiry',
  '/cvc': 'cardCvc',
  '/first_name': 'firstName',
  '/last_name': 'lastName',
  '/phone': 'phone',
  '/address1': 'address1',
  '/city': 'city',
  '/zip': 'zip',
  '/address/first_name': 'firstName',
  '/address/last_name': 'lastName',
  '/address/phone': 'phone',
  '/address/address1': 'address1',
  '/address/city': 'city',
  '/address/zip': 'zip',
};

/** A failure an actor already described (a decline read from a 402, Stripe.js's own message). */
const isCheckoutFailure = (error: unknown): error is CheckoutFailure =>
  typeof error === 'object' &&
  error !== null &&
  !(error instanceof Error) &&
  typeof (error as { status?: unknown }).status === 'number';

/**
 * Runs a checkout call and turns its failure into what the machines read: status, code, the
 * server's message, the form field it blames, and whether a decline is hard.
 */
export async function checkoutCall<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isCheckoutFailure(error)) throw error;
    if (!isApiRequestError(error)) throw { status: 0 } satisfies CheckoutFailure;
    const first = error.errors[0];
    throw {
      status: error.status,
      code: error.code,
      message: error.serverMessage,
      field: FIELD_OF_POINTER[first?.source?.pointer ?? ''],
      hardDecline: error.hardDecline,
      methodRemoved: error.methodRemoved,
    } satisfies CheckoutFailure;
  }
}
