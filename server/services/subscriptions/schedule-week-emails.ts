import { cutoffText, dayAndDate } from '../../../domain/pasta-plan';
import type { OutgoingEmail } from '../mailer';
import type { PlanRecipient } from './pasta-plan-emails';

const greeting = (to: PlanRecipient) => (to.firstName ? `Hello ${to.firstName},` : 'Hello,');

/** Product rule R10.26: a week's new delivery date is confirmed by email, once. */
export function weekDateChangedEmail(
  to: PlanRecipient,
  week: { id: number; deliveryDate: string; billingDate: Date },
  previousDate: string,
  publicUrl: string,
): OutgoingEmail {
  const day = dayAndDate(week.deliveryDate);
  return {
    to: to.email,
    subject: `Your box now comes on ${day}`,
    text: [
      greeting(to),
      '',
      `Your Sfoglia box for ${dayAndDate(previousDate)} now comes on ${day}.`,
      `You can change it again until the cut-off, ${cutoffText(week.billingDate)}:`,
      `${publicUrl}/schedule/${week.id}/edit`,
    ].join('\n'),
  };
}
