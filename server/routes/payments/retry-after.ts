import type { FastifyReply } from 'fastify';
import { PaymentAttemptsExceededError } from '../../services/payments/payment-attempt-limits';

/** Runs a payment; a 429 for too many declines also tells the client when to retry. */
export async function withRetryAfter<T>(reply: FastifyReply, pay: () => Promise<T>): Promise<T> {
  try {
    return await pay();
  } catch (error) {
    if (error instanceof PaymentAttemptsExceededError)
      void reply.header('retry-after', String(error.retryAfterSeconds));
    throw error;
  }
}
