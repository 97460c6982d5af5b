import type { OperationHandlers } from '../../http/handler';
import { ApiError, notFound } from '../../http/jsonapi';
import { applyKitchenEvent } from '../../services/order-relay';
import type { Deps } from '../../deps';
import { isValidRelaySignature } from './relay-signature';

const header = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/** The order-relay interface: a real relay service reports the kitchen's progress here. */
export function relayHandlers({ db, config, now }: Deps): OperationHandlers<'postRelayOrderEvent'> {
  return {
    postRelayOrderEvent: async (request, reply) => {
      const signed = isValidRelaySignature({
        secret: config.relaySecret,
        signature: header(request.headers['x-relay-signature']),
        timestamp: header(request.headers['x-relay-timestamp']),
        rawBody: request.rawBody,
        now: now(),
      });
      if (!signed) {
        throw new ApiError(401, 'invalid_signature', 'Invalid relay signature', {
          detail:
            'Sign the call: X-Relay-Signature sha256=<HMAC-SHA256 of "<X-Relay-Timestamp>.<body>">, with a timestamp from the last 5 minutes',
        });
      }
      const body = request.body;
      const result = await applyKitchenEvent(
        db,
        request.params.id,
        {
          state: body.state,
          prepTime: body.prep_time,
          etaDelay: body.eta_delay,
          driverLat: body.driver_lat,
          driverLon: body.driver_lon,
        },
        now(),
      );
      if (result.outcome === 'not_found') throw notFound('Order');
      if (result.outcome === 'conflict') {
        throw new ApiError(409, 'invalid_transition', 'Not the next state', {
          detail: result.allowed
            ? `The order is ${result.state}: it can only move to ${result.allowed}`
            : `The order is ${result.state}: it cannot move to ${body.state}`,
          pointer: '/state',
        });
      }
      reply.code(204);
      return undefined;
    },
  };
}
