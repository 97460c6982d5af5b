import type { APIRequestContext } from '@playwright/test';
import { DEV_RELAY_SECRET } from '../../server/config';
import { relaySignature } from '../../server/routes/relay/relay-signature';
import { expect } from './fixtures';

/**
 * The kitchen's relay service moving an order on (POST relay/orders/{id}/events), signed as that
 * service signs it with the end-to-end server's relay secret: the real server's own input, as
 * when the kitchen takes a paid box on.
 */
export async function kitchenMoves(request: APIRequestContext, orderId: string, state: string) {
  const body = JSON.stringify({ state });
  const timestamp = String(Math.floor(Date.now() / 1000));
  const response = await request.post(`/api/v2/relay/orders/${orderId}/events`, {
    headers: {
      'content-type': 'application/json',
      'x-relay-timestamp': timestamp,
      'x-relay-signature': relaySignature(DEV_RELAY_SECRET, timestamp, body),
    },
    data: body,
  });
  expect(response.status(), await response.text()).toBe(204);
}
