import type { FastifyInstance, FastifyReply } from 'fastify';
import { formatPrice } from '../../../domain/money';
import { safeReturnTo } from '../../../domain/return-to';
import { withPagePolicy } from '../../http/security-headers';
import { withQuery } from '../../services/payments/gateway';
import {
  SANDBOX_WALLET_EMAIL,
  type SandboxGateway,
  type PaymentIntentData,
} from '../../services/payments/sandbox-gateway';

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

const STYLE = `body{font-family:system-ui,sans-serif;max-width:36rem;margin:2rem auto;padding:0 1rem;color:#1d1d1b;line-height:1.5}
.note{background:#f3f2f1;border-left:5px solid #1d70b8;padding:.75rem 1rem}
.amount{font-size:1.5rem;font-weight:700}
form{display:flex;gap:1rem;flex-wrap:wrap;margin-top:1.5rem}
button{font:inherit;font-weight:600;padding:.6rem 1.2rem;border:2px solid #0b0c0c;border-radius:4px;cursor:pointer}
.primary{background:#00703c;border-color:#00703c;color:#fff}
.secondary{background:#fff;color:#0b0c0c}
button:focus-visible{outline:3px solid #ffdd00;outline-offset:0;box-shadow:0 0 0 6px #0b0c0c}`;

function page(reply: FastifyReply, status: number, title: string, body: string) {
  return withPagePolicy(reply, STYLE)
    .code(status)
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store').send(`<!doctype html>
<html lang="en-GB"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · Sfoglia sandbox</title>
<style>${STYLE}</style>
</head><body><main>
${body}
</main></body></html>`);
}

const notFoundPage = (reply: FastifyReply) =>
  page(
    reply,
    404,
    'Not found',
    '<h1>Not found</h1><p>This sandbox payment does not exist or has already been completed.</p>',
  );

/** A return path must be on this site: one leading slash, nothing that leaves it. */
function returnPathOf(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const path = safeReturnTo(value, '');
  return path && path === value ? path : undefined;
}

function badReturn(reply: FastifyReply) {
  return page(
    reply,
    400,
    'Invalid return address',
    '<h1>Invalid return address</h1><p>The return address must be a page of this site.</p>',
  );
}

const hiddenReturn = (returnPath: string) =>
  `<input type="hidden" name="return_url" value="${escapeHtml(returnPath)}">`;

/**
 * The sandbox gateway's stand-ins for the pages a real provider shows: the bank's 3-D Secure
 * challenge and the wallet's approval. Served only when the sandbox is the gateway.
 */
export function registerSandboxPages(app: FastifyInstance, gateway: SandboxGateway) {
  void app.register(async (scope) => {
    // The pages' forms post url-encoded fields; only this scope parses them.
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string' },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );

    scope.get<{ Params: { id: string }; Querystring: { return_url?: string } }>(
      '/sandbox/challenge/:id',
      async (request, reply) => {
        const returnPath = returnPathOf(request.query.return_url);
        if (!returnPath) return badReturn(reply);
        const intent = await gateway.find(request.params.id, 'payment_intent');
        if (!intent || intent.status !== 'requires_action') return notFoundPage(reply);
        const data = intent.data as unknown as PaymentIntentData;
        return page(
          reply,
          200,
          '3D Secure 2 test page',
          `<h1>3D Secure 2 test page</h1>
<p class="note">This page stands in for your bank's security check. In the sandbox no bank is
involved and no money moves: choose how the check ends.</p>
<p>Payment to Sfoglia</p>
<p class="amount">${escapeHtml(formatPrice(data.amountPence / 100))}</p>
<form method="post" action="/sandbox/challenge/${escapeHtml(intent.id)}">
${hiddenReturn(returnPath)}
<button class="primary" type="submit" name="outcome" value="complete">Complete authentication</button>
<button class="secondary" type="submit" name="outcome" value="fail">Fail authentication</button>
</form>`,
        );
      },
    );

    scope.post<{ Params: { id: string }; Body: Record<string, string> | undefined }>(
      '/sandbox/challenge/:id',
      async (request, reply) => {
        const returnPath = returnPathOf(request.body?.return_url);
        if (!returnPath) return badReturn(reply);
        const outcome = request.body?.outcome;
        if (outcome !== 'complete' && outcome !== 'fail') return notFoundPage(reply);
        const intent = await gateway.completeChallenge(request.params.id, outcome === 'complete');
        if (!intent) return notFoundPage(reply);
        return reply.redirect(returnPath, 303);
      },
    );

    scope.get<{ Params: { id: string }; Querystring: { return_url?: string } }>(
      '/sandbox/wallet/:id',
      async (request, reply) => {
        const returnPath = returnPathOf(request.query.return_url);
        if (!returnPath) return badReturn(reply);
        const intent = await gateway.find(request.params.id);
        if (!intent || intent.kind === 'payment_method' || intent.status !== 'requires_action')
          return notFoundPage(reply);
        const what =
          intent.kind === 'payment_intent'
            ? `<p>Pay Sfoglia</p>
<p class="amount">${escapeHtml(formatPrice((intent.data as unknown as PaymentIntentData).amountPence / 100))}</p>`
            : '<p>Allow Sfoglia to charge this wallet for your future orders.</p>';
        return page(
          reply,
          200,
          'Sandbox Wallet',
          `<h1>Sandbox Wallet</h1>
<p class="note">This page stands in for a wallet provider such as PayPal. In the sandbox no
money moves.</p>
<p>Signed in as <strong>${escapeHtml(SANDBOX_WALLET_EMAIL)}</strong> (demo account)</p>
${what}
<form method="post" action="/sandbox/wallet/${escapeHtml(intent.id)}">
${hiddenReturn(returnPath)}
<button class="primary" type="submit" name="decision" value="approve">Approve</button>
<button class="secondary" type="submit" name="decision" value="cancel">Cancel</button>
</form>`,
        );
      },
    );

    scope.post<{ Params: { id: string }; Body: Record<string, string> | undefined }>(
      '/sandbox/wallet/:id',
      async (request, reply) => {
        const returnPath = returnPathOf(request.body?.return_url);
        if (!returnPath) return badReturn(reply);
        const decision = request.body?.decision;
        if (decision !== 'approve' && decision !== 'cancel') return notFoundPage(reply);
        const intent = await gateway.decideWallet(request.params.id, decision === 'approve');
        if (!intent || intent.kind === 'payment_method') return notFoundPage(reply);
        const status = intent.status === 'succeeded' ? 'succeeded' : 'failed';
        const back =
          intent.kind === 'setup_intent'
            ? withQuery(returnPath, { setup_intent: intent.id, redirect_status: status })
            : withQuery(returnPath, { redirect_status: status });
        return reply.redirect(back, 303);
      },
    );
  });
}
