import { useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { api, unwrap } from '../../api/client';
import { isApiRequestError } from '../../api/api-error';
import { Button } from '../../components/form/button';
import { ChoiceGroup } from '../../components/form/choice-group';
import { ErrorSummary, type FieldError } from '../../components/form/error-summary';
import { TextField } from '../../components/form/text-field';
import {
  typedOnScreen,
  useTypedBeforeHydration,
} from '../../components/form/typed-before-hydration';
import { useCustomer } from '../../session/session-context';
import {
  SUPPORT_FIELD_POINTERS,
  SUPPORT_LIMITS,
  SUPPORT_MESSAGES,
  SUPPORT_TOPICS,
  supportRequestProblems,
  type SupportField,
  type SupportRequestFields,
} from '../../../domain/support-request';
import { APP_ROUTES } from '../../../domain/app-routes';
import type { SupportSentState } from './support-sent-state';

const TOPIC_CHOICES = Object.entries(SUPPORT_TOPICS).map(([value, label]) => ({ value, label }));

const fieldOfPointer = (pointer: string | undefined): SupportField =>
  (Object.entries(SUPPORT_FIELD_POINTERS).find(([, p]) => p === pointer)?.[0] as SupportField) ??
  'name';

/**
 * Product rule R1.16: the contact form. Checked here first (the same rules as the server), sent
 * with POST /support_requests; on success it goes to /support-success with what was sent
 * (product rule R1.17).
 */
export function SupportContactForm() {
  const navigate = useNavigate();
  const customer = useCustomer();
  // Only what was typed is state; the rest is the signed-in customer's (the session loads after
  // the first paint, so the prefill is derived, never copied).
  const [typed, setTyped] = useState<Partial<SupportRequestFields>>({});
  const fields: SupportRequestFields = {
    name: typed.name ?? (customer ? `${customer.firstName} ${customer.lastName}`.trim() : ''),
    email: typed.email ?? customer?.email ?? '',
    topic: typed.topic ?? '',
    orderReference: typed.orderReference ?? '',
    message: typed.message ?? '',
  };
  const [errors, setErrors] = useState<FieldError[]>([]);
  const [busy, setBusy] = useState(false);
  // A visitor's /support is drawn on the server (R14.14): what they typed before the app ran.
  const formRef = useRef<HTMLFormElement>(null);
  const keepOnScreen = (onScreen: Partial<SupportRequestFields>) =>
    setTyped((current) => ({ ...current, ...onScreen }));
  useTypedBeforeHydration(formRef, fields, keepOnScreen);

  const set = (field: SupportField) => (value: string) =>
    setTyped((current) => ({ ...current, [field]: value }));
  const errorFor = (field: SupportField) => errors.find((e) => e.fieldId === field)?.message;

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // What the customer sees is what is sent, even typed before the app ran (see above).
    const onScreen = typedOnScreen(event.currentTarget, fields);
    keepOnScreen(onScreen);
    const sent: SupportRequestFields = { ...fields, ...onScreen };
    const problems = supportRequestProblems(sent);
    setErrors(problems.map(({ field, message }) => ({ fieldId: field, message })));
    if (problems.length) return;
    setBusy(true);
    try {
      const body = await unwrap(
        api.POST('/support_requests', {
          body: {
            name: sent.name.trim(),
            email: sent.email.trim(),
            topic: sent.topic,
            order_reference: sent.orderReference.trim() || null,
            message: sent.message.trim(),
          },
        }),
      );
      const state: SupportSentState = {
        supportSent: { reference: `SR-${body.data.id}`, email: sent.email.trim() },
      };
      navigate(APP_ROUTES.supportSuccess, { state });
    } catch (error) {
      if (isApiRequestError(error) && (error.status === 400 || error.status === 429)) {
        setErrors(
          error.errors.map((e) => ({
            fieldId: fieldOfPointer(e.source?.pointer),
            message: e.detail ?? e.title,
          })),
        );
      } else {
        setErrors([{ fieldId: 'name', message: SUPPORT_MESSAGES.couldNotSend }]);
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby="contact-form-title" className="support-form">
      <h2 id="contact-form-title">Send us a message</h2>
      <ErrorSummary errors={errors} />
      <form ref={formRef} onSubmit={submit} noValidate>
        <TextField
          id="name"
          label="Your name"
          autoComplete="name"
          value={fields.name}
          error={errorFor('name')}
          onChange={(event) => set('name')(event.target.value)}
        />
        <TextField
          id="email"
          label="Email address"
          hint="We will reply to this address."
          type="email"
          autoComplete="email"
          spellCheck={false}
          value={fields.email}
          error={errorFor('email')}
          onChange={(event) => set('email')(event.target.value)}
        />
        <ChoiceGroup
          id="topic"
          legend="What is your message about?"
          type="radio"
          choices={TOPIC_CHOICES}
          values={fields.topic ? [fields.topic] : []}
          error={errorFor('topic')}
          onChange={([value]) => set('topic')(value ?? '')}
        />
        <TextField
          id="orderReference"
          label="Order reference (optional)"
          hint="Six letters, like ABC-DEF, from your confirmation email."
          autoComplete="off"
          spellCheck={false}
          value={fields.orderReference}
          error={errorFor('orderReference')}
          onChange={(event) => set('orderReference')(event.target.value)}
        />
        <MessageField
          value={fields.message}
          error={errorFor('message')}
          onChange={set('message')}
        />
        <Button type="submit" busy={busy}>
          Send message
        </Button>
      </form>
    </section>
  );
}

function MessageField({
  value,
  error,
  onChange,
}: {
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
}) {
  const describedBy = ['message-hint', error ? 'message-error' : ''].filter(Boolean).join(' ');
  return (
    <div className={`field${error ? ' field--error' : ''}`}>
      <label className="field__label" htmlFor="message">
        Your message
      </label>
      <div id="message-hint" className="field__hint">
        Up to {SUPPORT_LIMITS.messageMax} characters.
      </div>
      {error && (
        <p id="message-error" className="field__error">
          <span className="visually-hidden">Error:</span> {error}
        </p>
      )}
      <textarea
        id="message"
        name="message"
        className="field__input"
        rows={6}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  );
}
