import { and, asc, eq, isNull, lt } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { Config } from '../config';
import type { Database, Queryable } from '../db/database';
import { emailOutbox } from '../db/schema';

export interface OutgoingEmail {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

/**
 * Email goes into the outbox in the caller's transaction, so a change and its email commit
 * together; delivery happens after, and is retried.
 */
export interface Mailer {
  enqueue(db: Queryable, email: OutgoingEmail): Promise<void>;
  /** Delivers what is pending; returns how many were sent. */
  deliverPending(): Promise<number>;
}

const MAX_ATTEMPTS = 5;

interface Transport {
  send(email: OutgoingEmail, from: string): Promise<void>;
}

/** The embedded default: the development mailbox is the destination, nothing leaves the machine. */
const mailboxTransport: Transport = { send: async () => undefined };

function smtpTransport(url: string): Transport {
  const transporter = nodemailer.createTransport(url);
  return {
    send: async (email, from) => {
      await transporter.sendMail({
        from,
        to: email.to,
        subject: email.subject,
        text: email.text,
        html: email.html,
      });
    },
  };
}

export function createMailer(db: Database, config: Config): Mailer {
  const transport = config.smtpUrl ? smtpTransport(config.smtpUrl) : mailboxTransport;
  return {
    async enqueue(tx, email) {
      await tx.insert(emailOutbox).values({
        to: email.to,
        subject: email.subject,
        text: email.text,
        html: email.html ?? null,
      });
    },
    async deliverPending() {
      // Row locks with SKIP LOCKED: several instances can deliver at once without sending twice.
      return db.transaction(async (tx) => {
        const pending = await tx
          .select()
          .from(emailOutbox)
          .where(and(isNull(emailOutbox.sentAt), lt(emailOutbox.attempts, MAX_ATTEMPTS)))
          .orderBy(asc(emailOutbox.id))
          .limit(50)
          .for('update', { skipLocked: true });
        let sent = 0;
        for (const row of pending) {
          try {
            await transport.send(
              { to: row.to, subject: row.subject, text: row.text, html: row.html ?? undefined },
              config.mailFrom,
            );
            await tx
              .update(emailOutbox)
              .set({ sentAt: new Date(), attempts: row.attempts + 1, lastError: null })
              .where(eq(emailOutbox.id, row.id));
            sent += 1;
          } catch (error) {
            const message = error instanceof Error ? error.message : String(error);
            await tx
              .update(emailOutbox)
              .set({ attempts: row.attempts + 1, lastError: message })
              .where(eq(emailOutbox.id, row.id));
          }
        }
        return sent;
      });
    },
  };
}
