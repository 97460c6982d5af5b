/**
 * Product rule R1.16: the support form. The rules the form and the server share: the topics, the
 * limits and the messages (GOV.UK style: each says how to fix it).
 */
export const SUPPORT_TEAM_EMAIL = 'ciao@sfoglia.test';

export const SUPPORT_TOPICS = {
  order: 'An order I placed',
  pasta_plan: 'My pasta plan',
  payment: 'Payments and refunds',
  account: 'My account',
  other: 'Something else',
} as const;
export type SupportTopic = keyof typeof SUPPORT_TOPICS;

export const SUPPORT_LIMITS = {
  nameMax: 100,
  emailMax: 254,
  orderReferenceMax: 20,
  messageMax: 2000,
  /** Product rule R1.16: messages per network address per hour. */
  perAddressPerHour: 5,
} as const;

export const SUPPORT_MESSAGES = {
  nameMissing: 'Enter your name',
  nameTooLong: `Name must be ${SUPPORT_LIMITS.nameMax} characters or less`,
  emailInvalid: 'Enter an email address in the correct format, like name@example.com',
  topicMissing: 'Select what your message is about',
  orderReferenceTooLong: `Order reference must be ${SUPPORT_LIMITS.orderReferenceMax} characters or less`,
  messageMissing: 'Enter your message',
  messageTooLong: `Message must be ${SUPPORT_LIMITS.messageMax} characters or less`,
  tooMany: (wait: string) => `You have sent us several messages already. Try again in ${wait}.`,
  couldNotSend: 'Your message could not be sent. Try again, or call us.',
} as const;

export interface SupportRequestFields {
  name: string;
  email: string;
  topic: string;
  orderReference: string;
  message: string;
}
export type SupportField = keyof SupportRequestFields;

const isSupportTopic = (topic: string): topic is SupportTopic =>
  Object.prototype.hasOwnProperty.call(SUPPORT_TOPICS, topic);

const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Every problem with the form, in the order of its fields (the error summary's order). */
export function supportRequestProblems(
  fields: SupportRequestFields,
): { field: SupportField; message: string }[] {
  const problems: { field: SupportField; message: string }[] = [];
  const name = fields.name.trim();
  if (!name) problems.push({ field: 'name', message: SUPPORT_MESSAGES.nameMissing });
  else if (name.length > SUPPORT_LIMITS.nameMax)
    problems.push({ field: 'name', message: SUPPORT_MESSAGES.nameTooLong });
  const email = fields.email.trim();
  if (!EMAIL_SHAPE.test(email) || email.length > SUPPORT_LIMITS.emailMax)
    problems.push({ field: 'email', message: SUPPORT_MESSAGES.emailInvalid });
  if (!isSupportTopic(fields.topic))
    problems.push({ field: 'topic', message: SUPPORT_MESSAGES.topicMissing });
  if (fields.orderReference.trim().length > SUPPORT_LIMITS.orderReferenceMax)
    problems.push({ field: 'orderReference', message: SUPPORT_MESSAGES.orderReferenceTooLong });
  const message = fields.message.trim();
  if (!message) problems.push({ field: 'message', message: SUPPORT_MESSAGES.messageMissing });
  else if (message.length > SUPPORT_LIMITS.messageMax)
    problems.push({ field: 'message', message: SUPPORT_MESSAGES.messageTooLong });
  return problems;
}

/** The API's snake_case pointer for a field (`/order_reference`). */
export const SUPPORT_FIELD_POINTERS: Record<SupportField, string> = {
  name: '/name',
  email: '/email',
  topic: '/topic',
  orderReference: '/order_reference',
  message: '/message',
};
