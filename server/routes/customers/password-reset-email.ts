import type { OutgoingEmail } from '../../services/mailer';
import type { CustomerRow } from '../../services/sessions';
import { linkEmail } from '../../services/link-email';

export const passwordResetEmail = (customer: CustomerRow, link: string): OutgoingEmail =>
  linkEmail(customer, link, {
    subject: 'Reset your Sfoglia password',
    reason: 'We received a request to reset the password of your Sfoglia account.',
    openWithin: 'Open this link within 1 hour to choose a new password:',
    action: 'Choose a new password',
    validity: 'the link works for 1 hour',
    ignore: 'If you did not ask for this, you can ignore this email: your password stays the same.',
  });
