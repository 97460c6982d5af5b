import { desc, eq } from 'drizzle-orm';
import { emailOutbox } from '../../db/schema';
import type { OperationHandlers } from '../../http/handler';
import { routeNotFound } from '../../http/dev-tools';
import type { Deps } from '../../deps';

export type EmailRow = typeof emailOutbox.$inferSelect;

export async function listEmails(deps: Deps, to?: string): Promise<EmailRow[]> {
  const query = deps.db.select().from(emailOutbox);
  const filtered = to ? query.where(eq(emailOutbox.to, to.trim().toLowerCase())) : query;
  return filtered.orderBy(desc(emailOutbox.id)).limit(100);
}

export function devEmailHandlers(deps: Deps): OperationHandlers<'listDevEmails'> {
  return {
    listDevEmails: async (request) => {
      // Also hidden by the route guard (server/http/dev-tools.ts); this is the second lock.
      if (!deps.config.devTools) throw routeNotFound();
      const rows = await listEmails(deps, request.query.to);
      return {
        data: rows.map((row) => ({
          type: 'emails' as const,
          id: String(row.id),
          attributes: {
            to: row.to,
            subject: row.subject,
            text: row.text,
            html: row.html,
            created_at: row.createdAt.toISOString(),
            sent_at: row.sentAt?.toISOString() ?? null,
          },
        })),
      };
    },
  };
}
