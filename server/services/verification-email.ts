import type { OutgoingEmail } from './mailer';
import type { CustomerRow } from './sessions';

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

export function verificationEmail(customer: CustomerRow, link: string): OutgoingEmail {
  const greeting = `Ciao ${customer.firstName},`;
  const text = [
    greeting,
    '',
    'Please confirm this is your email address for your Sfoglia account.',
    'Open this link within 24 hours:',
    '',
    link,
    '',
    'If you did not create a Sfoglia account, you can ignore this email.',
  ].join('\n');
  const html = `<p>${escapeHtml(greeting)}</p><p>Please confirm this is your email address for your Sfoglia account.</p><p><a href="${escapeHtml(link)}">Verify your email address</a> (the link works for 24 hours).</p><p>If you did not create a Sfoglia account, you can ignore this email.</p>`;
  return { to: customer.email, subject: 'Verify your email address', text, html };
}
