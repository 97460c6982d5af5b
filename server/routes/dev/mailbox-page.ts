import type { FastifyInstance } from 'fastify';
import { withPagePolicy } from '../../http/security-headers';
import type { Deps } from '../../deps';
import { listEmails } from './dev-emails.handlers';

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

const STYLE =
  'body{font-family:system-ui,sans-serif;max-width:50rem;margin:2rem auto;padding:0 1rem;color:#1d1d1b}article{border-top:1px solid #b1b4b6;padding:1rem 0}pre{white-space:pre-wrap;font:inherit}.meta{color:#505a5f}a{color:#1d4f91}';

/** Escapes the text, then makes its links followable (so a reset link can be opened from here). */
const linkify = (text: string) =>
  escapeHtml(text).replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}">${url}</a>`);

/** The development mailbox: every email the app has sent, newest first. */
export function registerDevMailbox(app: FastifyInstance, deps: Deps) {
  app.get('/dev/mailbox', async (_request, reply) => {
    const rows = await listEmails(deps);
    const items = rows
      .map(
        (row) => `<article>
  <h2>${escapeHtml(row.subject)}</h2>
  <p class="meta">To ${escapeHtml(row.to)} · <time datetime="${row.createdAt.toISOString()}">${row.createdAt.toUTCString()}</time></p>
  <pre>${linkify(row.text)}</pre>
</article>`,
      )
      .join('\n');
    return withPagePolicy(reply, STYLE)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store').send(`<!doctype html>
<html lang="en-GB"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Mailbox · Sfoglia (development)</title>
<style>${STYLE}</style>
</head><body><main><h1>Development mailbox</h1>
<p>Emails the app has sent on this machine. Nothing here left the machine.</p>
${items || '<p>No emails yet.</p>'}
</main></body></html>`);
  });
}
