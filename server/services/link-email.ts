import type { OutgoingEmail } from './mailer';
import type { CustomerRow } from './sessions';

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/** The words of an email whose point is one link. */
export interface LinkEmailWords {
  subject: string;
  /** Why the customer gets it: "We received a request to ...". */
  reason: string;
  /** The line above the link in the text: "Open this link within 1 hour to ...:". */
  openWithin: string;
  /** The link's words in the HTML, and what follows them in brackets. */
  action: string;
  validity: string;
  /** What to do if they did not ask for it. */
  ignore: string;
}

/** The text and HTML of a one-link email, greeting the customer by first name. */
export function linkEmail(
  customer: CustomerRow,
  link: string,
  words: LinkEmailWords,
): OutgoingEmail {
  const greeting = `Ciao ${customer.firstName},`;
  const text = [greeting, '', words.reason, words.openWithin, '', link, '', words.ignore].join(
    '\n',
  );
  const html = `<p>${escapeHtml(greeting)}</p><p>${escapeHtml(words.reason)}</p><p><a href="${escapeHtml(link)}">${escapeHtml(words.action)}</a> (${escapeHtml(words.validity)}).</p><p>${escapeHtml(words.ignore)}</p>`;
  return { to: customer.email, subject: words.subject, text, html };
}
