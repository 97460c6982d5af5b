import { cutoffText, dayAndDate } from '../../../domain/pasta-plan';
import type { OutgoingEmail } from '../mailer';

export interface PlanRecipient {
  email: string;
  firstName: string | null;
}

const greeting = (to: PlanRecipient) => (to.firstName ? `Hello ${to.firstName},` : 'Hello,');
const planLink = (publicUrl: string) => `${publicUrl}/account/pasta-plan`;

/** Product rule R10.6: each change to the plan is confirmed by email, once. */
export function weekSkippedEmail(
  to: PlanRecipient,
  week: { deliveryDate: string; billingDate: Date },
  publicUrl: string,
): OutgoingEmail {
  const day = dayAndDate(week.deliveryDate);
  return {
    to: to.email,
    subject: `Your box for ${day} is skipped`,
    text: [
      greeting(to),
      '',
      `You skipped your Sfoglia box for ${day}: we won't deliver it or charge you for it.`,
      `Changed your mind? Put it back on your pasta plan before ${cutoffText(week.billingDate)}:`,
      planLink(publicUrl),
    ].join('\n'),
  };
}

export function weekUnskippedEmail(
  to: PlanRecipient,
  week: { deliveryDate: string; billingDate: Date },
  publicUrl: string,
): OutgoingEmail {
  const day = dayAndDate(week.deliveryDate);
  return {
    to: to.email,
    subject: `Your box for ${day} is back on`,
    text: [
      greeting(to),
      '',
      `Your Sfoglia box for ${day} is back on your pasta plan.`,
      `We charge for it at the cut-off, ${cutoffText(week.billingDate)}.`,
      planLink(publicUrl),
    ].join('\n'),
  };
}

export function planPausedEmail(
  to: PlanRecipient,
  resumeOn: string | null,
  publicUrl: string,
): OutgoingEmail {
  const until = resumeOn ? ` until ${dayAndDate(resumeOn)}` : '';
  return {
    to: to.email,
    subject: `Your pasta plan is paused${until}`,
    text: [
      greeting(to),
      '',
      `Your Sfoglia pasta plan is paused${until}: we won't deliver or charge for any box meanwhile.`,
      resumeOn
        ? `Your boxes start again with the one delivered on ${dayAndDate(resumeOn)}.`
        : 'Your boxes start again when you resume your plan.',
      planLink(publicUrl),
    ].join('\n'),
  };
}

export function planResumedEmail(
  to: PlanRecipient,
  nextDelivery: string | null,
  publicUrl: string,
): OutgoingEmail {
  return {
    to: to.email,
    subject: 'Your pasta plan is active again',
    text: [
      greeting(to),
      '',
      'Your Sfoglia pasta plan is active again.',
      nextDelivery
        ? `Your next box arrives on ${dayAndDate(nextDelivery)}.`
        : 'Your next box is on its way at the next cut-off.',
      planLink(publicUrl),
    ].join('\n'),
  };
}

/**
 * Product rules R10.15 and R10.16: the cancellation is confirmed once, naming the boxes already
 * ordered that are still delivered.
 */
export function planCancelledEmail(
  to: PlanRecipient,
  stillDelivered: string[],
  publicUrl: string,
): OutgoingEmail {
  return {
    to: to.email,
    subject: 'Your pasta plan is cancelled',
    text: [
      greeting(to),
      '',
      'Your Sfoglia pasta plan is cancelled: we won’t plan, deliver or charge for any more boxes.',
      ...(stillDelivered.length
        ? [
            `Boxes already ordered are still delivered: ${stillDelivered.map(dayAndDate).join(', ')}.`,
          ]
        : []),
      'Sorry to see you go. You can start a new plan any time:',
      planLink(publicUrl),
    ].join('\n'),
  };
}
