import type { Page } from '@playwright/test';
import type { EventObject } from 'xstate';

/**
 * The card payment steps the payment adapters share (order payment, the takeaway checkout): the
 * sandbox's test cards (docs/payments.md), which one brings about the outcome a path needs, and
 * the card form as the customer fills it.
 */
export const SANDBOX_CARDS = {
  pays: '4242 4242 4242 4242',
  declines: '4000 0000 0000 0002',
  challenge: '4000 0027 6000 3184',
  // Fails Luhn: refused when saved, "Your card number is incorrect."
  incorrect: '4242 4242 4242 4241',
};

/** The cards one adapter pays with: the shared ones and the hard decline it shows. */
export type PathCards = typeof SANDBOX_CARDS & { hardDecline: string };

/** A card number as the API takes it. */
export const digits = (number: string) => number.replace(/ /g, '');

/**
 * The card that brings about the first payment outcome among the events still to come: of the
 * `pay` call, or of the call that pays where the flow names it otherwise (the kit's placeOrder).
 */
export const cardFor = (cards: PathCards, after: EventObject[], call = 'pay'): string => {
  const outcome = after.find(
    (event) =>
      event.type === `xstate.done.actor.${call}` || event.type === `xstate.error.actor.${call}`,
  ) as { output?: { status?: string }; error?: { hardDecline?: boolean } } | undefined;
  if (outcome?.output?.status === 'requires_action') return cards.challenge;
  if (outcome?.error) return outcome.error.hardDecline ? cards.hardDecline : cards.declines;
  return cards.pays;
};

/** The card form: a new card (chosen when saved ones are listed), its number, expiry and CVC. */
export const fillCard = async (page: Page, number: string, cvc: string) => {
  const newCard = page.getByRole('radio', { name: 'A new card' });
  if (await newCard.count()) await newCard.check();
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiry date').fill('04/39');
  await page.getByLabel('Security code').fill(cvc);
};

export const payButton = (page: Page) => page.getByRole('button', { name: /^Pay £/ });
