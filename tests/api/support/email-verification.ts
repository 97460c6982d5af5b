import { and, desc, eq } from 'drizzle-orm';
import type { DatabaseHandle } from '../../../server/db/database';
import { customers, emailOutbox } from '../../../server/db/schema';

/** The token of the newest verification link emailed to `email`, read from the outbox. */
export async function verificationTokenFor(database: DatabaseHandle, email: string) {
  const [sent] = await database.db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.to, email), eq(emailOutbox.subject, 'Verify your email address')))
    .orderBy(desc(emailOutbox.id))
    .limit(1);
  const token = sent?.text.match(/\/verify-email\?token=([\w-]+)/)?.[1];
  if (!token) throw new Error(`no verification email to ${email}`);
  return token;
}

/** Marks a customer's email verified directly, for tests whose subject is what comes after. */
export async function markVerified(database: DatabaseHandle, customerId: number) {
  await database.db
    .update(customers)
    .set({ emailVerifiedAt: new Date() })
    .where(eq(customers.id, customerId));
}
