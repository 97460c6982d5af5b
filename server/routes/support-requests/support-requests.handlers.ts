import {
  SUPPORT_FIELD_POINTERS,
  SUPPORT_LIMITS,
  SUPPORT_MESSAGES,
  SUPPORT_TEAM_EMAIL,
  SUPPORT_TOPICS,
  supportRequestProblems,
  type SupportTopic,
} from '../../../domain/support-request';
import { supportRequests } from '../../db/schema';
import type { OperationHandlers } from '../../http/handler';
import { ApiError } from '../../http/jsonapi';
import { addressKey } from '../../services/client-address';
import { takeRateLimit, type RateLimit } from '../../services/rate-limits';
import { currentSession } from '../../services/sessions';
import { tooManyRequests } from '../../services/sign-in-limits';
import type { Deps } from '../../deps';

/** Product rule R1.16: a few messages an hour from one network address, against abuse. */
const SUPPORT_LIMIT: RateLimit = {
  bucket: 'support_request.address',
  limit: SUPPORT_LIMITS.perAddressPerHour,
  windowMinutes: 60,
};

/** Every field's problem in one 400, each pointing at its field (the form's error summary). */
function invalidForm(problems: ReturnType<typeof supportRequestProblems>): ApiError {
  const error = new ApiError(400, 'invalid_support_request', 'Check your message');
  error.errors.splice(
    0,
    error.errors.length,
    ...problems.map(({ field, message }) => ({
      status: '400',
      code: 'invalid_support_request',
      title: 'Check your message',
      detail: message,
      source: { pointer: SUPPORT_FIELD_POINTERS[field] },
    })),
  );
  return error;
}

export function supportRequestHandlers({
  db,
  mailer,
  now,
}: Deps): OperationHandlers<'createSupportRequest'> {
  return {
    createSupportRequest: async (request, reply) => {
      const body = request.body;
      const fields = {
        name: body.name,
        email: body.email,
        topic: body.topic,
        orderReference: body.order_reference ?? '',
        message: body.message,
      };
      const problems = supportRequestProblems(fields);
      if (problems.length > 0) throw invalidForm(problems);
      const at = now();
      const retryAt = await takeRateLimit(db, SUPPORT_LIMIT, addressKey(request.ip), at);
      if (retryAt)
        throw tooManyRequests(reply, retryAt, at, 'too_many_support_requests', (wait) =>
          SUPPORT_MESSAGES.tooMany(wait),
        );
      const session = await currentSession(request, db, at);
      const name = fields.name.trim();
      const email = fields.email.trim().toLowerCase();
      const topic = fields.topic as SupportTopic;
      const orderReference = fields.orderReference.trim().toUpperCase() || null;
      const message = fields.message.trim();
      // The message and both emails commit together: a message we keep is one we were told about.
      const created = await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(supportRequests)
          .values({
            customerId: session?.customerId ?? null,
            name,
            email,
            topic,
            orderReference,
            message,
            createdAt: at,
          })
          .returning();
        if (!row) throw new Error('support request not written');
        const reference = `SR-${row.id}`;
        await mailer.enqueue(tx, {
          to: SUPPORT_TEAM_EMAIL,
          subject: `Support request ${reference}: ${SUPPORT_TOPICS[topic]}`,
          text: [
            `From: ${name} <${email}>${row.customerId ? ` (customer ${row.customerId})` : ' (not signed in)'}`,
            `Topic: ${SUPPORT_TOPICS[topic]}`,
            `Order reference: ${orderReference ?? 'none given'}`,
            '',
            message,
          ].join('\n'),
        });
        await mailer.enqueue(tx, {
          to: email,
          subject: 'We have your message',
          text: [
            `Hello ${name},`,
            '',
            `Thank you for writing to Sfoglia. We have your message (${reference}) about "${SUPPORT_TOPICS[topic]}" and will reply to this address within one working day.`,
            '',
            'Your message:',
            message,
          ].join('\n'),
        });
        return row;
      });
      reply.code(201);
      return {
        data: {
          type: 'support_requests' as const,
          id: String(created.id),
          attributes: { topic: created.topic, created_at: created.createdAt.toISOString() },
        },
      };
    },
  };
}
