import { and, asc, gte, inArray, lte } from 'drizzle-orm';
import {
  deliveryWindow,
  firstDeliveryDate,
  isChristmasClosure,
  isDeliveryDay,
} from '../../../domain/delivery-dates';
import { parseUkPostcode } from '../../../domain/postcode';
import { addDays, cutoffFor, weekStart } from '../../../domain/weeks';
import { deliveryUnavailableDates, productUnavailableDates } from '../../db/schema';
import type { OperationHandlers } from '../../http/handler';
import { ApiError } from '../../http/jsonapi';
import type { Deps } from '../../deps';

/** A constraints call covers at most this many days (the browser asks for 21). */
const MAX_CONSTRAINT_DAYS = 62;

export const COURIER_DELIVERY_INSTRUCTIONS = [
  { id: 'leave-with-neighbour', label: 'Leave with a neighbour' },
  { id: 'leave-in-safe-place', label: 'Leave in a safe place' },
  { id: 'ring-the-bell', label: 'Ring the bell' },
  { id: 'knock-do-not-ring', label: "Knock, don't ring (sleeping baby)" },
  { id: 'leave-at-reception', label: 'Leave at reception or with the concierge' },
  { id: 'leave-in-porch', label: 'Leave in the porch' },
  { id: 'call-on-arrival', label: 'Call me when you arrive' },
] as const;

function requirePostcode(typed: string): string {
  const postcode = parseUkPostcode(typed);
  if (!postcode)
    throw new ApiError(400, 'invalid_postcode', 'Invalid postcode', {
      detail: 'Enter a real postcode, like W4 2HD',
      pointer: '/postcode',
    });
  return postcode;
}

/** The contract checks the shape; this refuses dates that do not exist (2026-02-30). */
function requireDate(value: string, field: string): string {
  const parsed = new Date(`${value}T00:00:00Z`);
  if (Number.isNaN(parsed.getTime()) || parsed.toISOString().slice(0, 10) !== value)
    throw new ApiError(400, 'invalid_date', 'Invalid date', {
      detail: `${field} must be a real date, like 2026-03-09`,
      pointer: `/${field}`,
    });
  return value;
}

export function sessionClientHandlers({
  db,
  now,
}: Deps): OperationHandlers<
  'listDeliveryDates' | 'getDeliveryConstraints' | 'listCourierDeliveryInstructions'
> {
  const unavailableDatesBetween = async (begin: string, end: string) =>
    (
      await db
        .select({ date: deliveryUnavailableDates.date })
        .from(deliveryUnavailableDates)
        .where(
          and(gte(deliveryUnavailableDates.date, begin), lte(deliveryUnavailableDates.date, end)),
        )
        .orderBy(asc(deliveryUnavailableDates.date))
    ).map((row) => row.date);

  return {
    listDeliveryDates: async (request) => {
      requirePostcode(request.body.postcode);
      const first = firstDeliveryDate(now());
      const asked = request.body.begin_date
        ? requireDate(request.body.begin_date, 'begin_date')
        : first;
      const dates = deliveryWindow(asked > first ? asked : first);
      const closed = new Set(
        await unavailableDatesBetween(dates[0] ?? first, dates.at(-1) ?? first),
      );
      return {
        data: dates.filter(isDeliveryDay).map((date) => ({
          type: 'delivery_dates' as const,
          id: date,
          attributes: {
            date,
            available: !closed.has(date),
            week_start: weekStart(date),
            cutoff: cutoffFor(weekStart(date)).toISOString(),
          },
        })),
      };
    },

    getDeliveryConstraints: async (request) => {
      const { body } = request;
      const postcode = requirePostcode(body.postcode);
      const begin = requireDate(body.begin_date, 'begin_date');
      const end = requireDate(body.end_date, 'end_date');
      if (end < begin)
        throw new ApiError(400, 'invalid_date_range', 'Invalid date range', {
          detail: 'end_date must be on or after begin_date',
          pointer: '/end_date',
        });
      if (end > addDays(begin, MAX_CONSTRAINT_DAYS - 1))
        throw new ApiError(400, 'invalid_date_range', 'Invalid date range', {
          detail: `Ask for at most ${MAX_CONSTRAINT_DAYS} days at a time`,
          pointer: '/end_date',
        });
      const variantIds = [...new Set(body.product_variant_ids.map(Number))];
      const productRows =
        variantIds.length === 0
          ? []
          : await db
              .select()
              .from(productUnavailableDates)
              .where(
                and(
                  inArray(productUnavailableDates.variantId, variantIds),
                  gte(productUnavailableDates.date, begin),
                  lte(productUnavailableDates.date, end),
                ),
              )
              .orderBy(asc(productUnavailableDates.variantId), asc(productUnavailableDates.date));
      const byVariant = new Map<string, string[]>();
      for (const row of productRows)
        byVariant.set(String(row.variantId), [
          ...(byVariant.get(String(row.variantId)) ?? []),
          row.date,
        ]);
      const christmas: string[] = [];
      for (let date = begin; date <= end; date = addDays(date, 1))
        if (isChristmasClosure(date)) christmas.push(date);
      const unavailableDates = [
        ...new Set([...(await unavailableDatesBetween(begin, end)), ...christmas]),
      ].sort();
      return {
        data: {
          type: 'constraints' as const,
          id: `${postcode}:${begin}:${end}`,
          attributes: {
            unavailable_products: [...byVariant].map(([product, dates]) => ({ product, dates })),
            unavailable_dates: unavailableDates,
          },
        },
      };
    },

    listCourierDeliveryInstructions: async () => ({
      data: COURIER_DELIVERY_INSTRUCTIONS.map(({ id, label }) => ({
        type: 'courier_delivery_instructions' as const,
        id,
        attributes: { label },
      })),
    }),
  };
}
