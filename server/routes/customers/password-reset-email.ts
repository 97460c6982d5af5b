import type { OutgoingEmail } from '../../services/mailer';
import type { CustomerRow } from '../../services/sessions';

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

export function passwordResetEmail(customer: CustomerRow, link: string): OutgoingEmail {
  const greeting = `Ciao ${customer.firstName},`;
  const text = [
    greeting,
    '',
    'We received a request to reset the password of your Sfoglia account.',
    'Open this link within 1 hour to choose a new password:',
    '',
    link,
    '',
    'If you did not ask for this, you can ignore this email: your password stays the same.',
  ].join('\n');
  const html = `<p>${escapeHtml(greeting)}</p><p>We received a request to reset the password of your Sfoglia account.</p><p><a href="${escapeHtml(link)}">Choose a new password</a> (the link works for 1 hour).</p><p>If you did not ask for this, you can ignore this email: your password stays the same.</p>`;
  return { to: customer.email, subject: 'Reset your Sfoglia password', text, html };
}
