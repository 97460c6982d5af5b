import { eq, sql } from 'drizzle-orm';
import { DATE_OF_BIRTH_MESSAGES, dateOfBirthError, ukToday } from '../../../domain/date-of-birth';
import { normaliseUkPhone, UK_PHONE_HINT } from '../../../domain/phone';
import { customers } from '../../db/schema';
import type { Deps } from '../../deps';
import type { OperationHandlers } from '../../http/handler';
import { ApiError } from '../../http/jsonapi';
import { requireCustomer } from '../../services/sessions';
import { customerResource } from './customer-resource';

/** The tag that marks a paperless customer (product rule R2.16). */
export const PAPERLESS_TAG = 'paperless';

/** R2.13: null clears; anything else must pass the date-of-birth rule or answers 400. */
export function checkedDateOfBirth(value: string | null, now: Date): string | null {
  if (value === null) return null;
  const error = dateOfBirthError(value, ukToday(now));
  if (error) {
    throw new ApiError(400, 'invalid_date_of_birth', 'Invalid date of birth', {
      detail: DATE_OF_BIRTH_MESSAGES[error],
      pointer: '/date_of_birth',
    });
  }
  return value.trim();
}

/** R2.14 (R3.5): null or blank clears; otherwise a valid UK number, stored in E.164 form. */
export function checkedPhone(value: string | null): string | null {
  if (value === null || value.trim() === '') return null;
  const phone = normaliseUkPhone(value);
  if (!phone) {
    throw new ApiError(400, 'invalid_phone', 'Invalid phone number', {
      detail: UK_PHONE_HINT,
      pointer: '/phone',
    });
  }
  return phone;
}

export function myDetailsHandlers({
  db,
  now,
}: Deps): OperationHandlers<'updateDateOfBirth' | 'updatePhone' | 'updatePaperless'> {
  return {
    updateDateOfBirth: async (request) => {
      const at = now();
      const { customer } = await requireCustomer(request, db, at);
      const dateOfBirth = checkedDateOfBirth(request.body.date_of_birth, at);
      const [updated] = await db
        .update(customers)
        .set({ dateOfBirth, updatedAt: at })
        .where(eq(customers.id, customer.id))
        .returning();
      return { data: customerResource(updated ?? customer) };
    },

    updatePhone: async (request) => {
      const at = now();
      const { customer } = await requireCustomer(request, db, at);
      const phone = checkedPhone(request.body.phone);
      const [updated] = await db
        .update(customers)
        .set({ phone, updatedAt: at })
        .where(eq(customers.id, customer.id))
        .returning();
      return { data: customerResource(updated ?? customer) };
    },

    updatePaperless: async (request) => {
      const at = now();
      const { customer } = await requireCustomer(request, db, at);
      // One statement on the stored array, so two quick toggles never lose another tag.
      const withoutTag = sql`array_remove(${customers.tags}, ${PAPERLESS_TAG})`;
      const tags = request.body.paperless
        ? sql`array_append(${withoutTag}, ${PAPERLESS_TAG})`
        : withoutTag;
      const [updated] = await db
        .update(customers)
        .set({ tags, updatedAt: at })
        .where(eq(customers.id, customer.id))
        .returning();
      return { data: customerResource(updated ?? customer) };
    },
  };
}
