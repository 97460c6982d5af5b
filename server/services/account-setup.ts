import { eq } from 'drizzle-orm';
import type { Database } from '../db/database';
import { customers } from '../db/schema';
import type { Config } from '../config';
import type { Mailer, OutgoingEmail } from './mailer';
import { issuePasswordLink } from './access-links';
import { takeRateLimit, type RateLimit } from './rate-limits';
import type { CustomerRow } from './sessions';

/** Product rule R2.17: the set-up link works for 24 hours (a guest may read it the next day). */
export const ACCOUNT_SETUP_LINK_MINUTES = 24 * 60;

export const ACCOUNT_SETUP_MESSAGE =
  'If this customer can set up an account, we have emailed them a link to choose a password. The link works for 24 hours.';

/** Per hour: requests per network address (429 past it), and emails per customer (silent past it). */
export const ACCOUNT_SETUP_LIMITS = {
  perAddress: { bucket: 'account_setup.address', limit: 10, windowMinutes: 60 },
  perCustomer: { bucket: 'account_setup.customer', limit: 3, windowMinutes: 60 },
} as const satisfies Record<string, RateLimit>;

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

export function accountSetupEmail(customer: CustomerRow, link: string): OutgoingEmail {
  const greeting = `Ciao ${customer.firstName},`;
  const lead = 'Thank you for ordering from Sfoglia. Choose a password to set up your account:';
  const perks = 'With an account you can follow your orders, reorder and save your addresses.';
  const text = [
    greeting,
    '',
    lead,
    '',
    link,
    '',
    'The link works once, for 24 hours.',
    perks,
    '',
    'If you did not order from Sfoglia, you can ignore this email.',
  ].join('\n');
  const html = `<p>${escapeHtml(greeting)}</p><p>${escapeHtml(lead)}</p><p><a href="${escapeHtml(link)}">Set up your account</a> (the link works once, for 24 hours).</p><p>${escapeHtml(perks)}</p><p>If you did not order from Sfoglia, you can ignore this email.</p>`;
  return { to: customer.email, subject: 'Set up your Sfoglia account', text, html };
}

export type AccountSetupOutcome = { sent: boolean } | { retryAt: Date };

/**
 * Product rule R2.17: a customer record without a password (a guest who ordered with an email)
 * gets a one-time link to choose one. Anything else (no such customer, a password already set,
 * past the per-customer limit) sends nothing, and the caller answers the same either way.
 */
export async function requestAccountSetup(
  deps: { db: Database; mailer: Mailer; config: Pick<Config, 'publicUrl'> },
  customerId: number,
  networkKey: string,
  at: Date,
): Promise<AccountSetupOutcome> {
  const { db, mailer, config } = deps;
  const retryAt = await takeRateLimit(db, ACCOUNT_SETUP_LIMITS.perAddress, networkKey, at);
  if (retryAt) return { retryAt };
  // Counted for every id, known or not, so the limit reveals nothing either.
  if (await takeRateLimit(db, ACCOUNT_SETUP_LIMITS.perCustomer, String(customerId), at))
    return { sent: false };
  return db.transaction(async (tx) => {
    // Locked: two requests at once check and send one after the other.
    const [customer] = await tx
      .select()
      .from(customers)
      .where(eq(customers.id, customerId))
      .for('update');
    if (!customer || customer.passwordHash) return { sent: false };
    const link = await issuePasswordLink(tx, config, customer.id, at, ACCOUNT_SETUP_LINK_MINUTES);
    await mailer.enqueue(tx, accountSetupEmail(customer, link));
    return { sent: true };
  });
}
