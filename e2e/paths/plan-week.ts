import type { Page } from '@playwright/test';
import { apiCall } from '../support/api';
import { expect } from '../support/fixtures';
import { dropNextCall } from './outcomes';
import {
  minuteAfterCutoff,
  newSubscriberViaApi,
  planWeeks,
  type PlanWeek,
} from '../support/subscriber';

const BRANCH = { 'X-Branch': 'web' };

/** A plan week's page as GET schedule_weeks/{id} answers it: what the week's walks read. */
export interface WeekAttributes {
  delivery_date: string;
  delivery_days: { date: string; available: boolean }[];
  menu: { variant_id: string; title: string; variant_title: string; price: number }[];
}

/** A new subscriber's plan week: theirs to change, and how to read and bill it. */
export interface WalkWeek {
  email: string;
  week: PlanWeek;
  attributes: WeekAttributes;
}

/**
 * A new subscriber (through the API) and one of their plan weeks: the first, ordered at the
 * checkout, for a week that can no longer change; else the next, still open.
 */
export async function newPlanWeek(page: Page, changeable: boolean): Promise<WalkWeek> {
  const { email } = await newSubscriberViaApi(page.request);
  const weeks = await planWeeks(page.request);
  const week = changeable ? weeks.find((w) => w.attributes.order_id === null) : weeks[0];
  expect(week, 'a plan week').toBeTruthy();
  const read = await page.request.get(`/api/v2/schedule_weeks/${week!.id}`, { headers: BRANCH });
  expect(read.ok()).toBe(true);
  return { email, week: week!, attributes: (await read.json()).data.attributes };
}

/**
 * The page's next call to the week (`suffix` after its id: '' for the read and the date's save,
 * '/chef_selections' for the recipes') dropped on the network once: it never reaches the server.
 */
export const dropNextWeekCall = (page: Page, { week }: WalkWeek, suffix = '') =>
  dropNextCall(page, (url) => url.pathname === `/api/v2/schedule_weeks/${week.id}${suffix}`);

/** The week billed as at a minute past its cut-off: its order written, too late to change. */
export const billWeek = (page: Page, { week, email }: WalkWeek) =>
  apiCall(page.request, 'post', '/dev/billing_runs', {
    as_of: minuteAfterCutoff(week),
    customer_email: email,
  });
