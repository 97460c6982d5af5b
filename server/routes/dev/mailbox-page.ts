import type { FastifyInstance } from 'fastify';
import type { Deps } from '../index';

/** The development mailbox page at /dev/mailbox (built in the foundation issue). */
export function registerDevMailbox(app: FastifyInstance, _deps: Deps) {
  app.get('/dev/mailbox', async (_request, reply) => reply.type('text/html').send('<!doctype html><title>Mailbox</title><h1>Mailbox</h1>'));
}
