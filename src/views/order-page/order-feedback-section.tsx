import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import {
  canGiveFeedback,
  FEEDBACK_MESSAGES,
  feedbackErrors,
  NPS_MAX,
  NPS_MIN,
  optionalText,
} from '../../../domain/order-page';
import { isApiRequestError } from '../../api/api-error';
import { giveOrderFeedback, type OrderFeedback, type OrderPageData } from '../../api/order-page';
import { Button } from '../../components/form/button';
import { ErrorSummary, type FieldError } from '../../components/form/error-summary';
import { TextField } from '../../components/form/text-field';

const FIELD_IDS = { npsRating: 'nps-rating', reason: 'feedback-reason', notes: 'feedback-notes' };
const SCORES = Array.from({ length: NPS_MAX - NPS_MIN + 1 }, (_, index) => NPS_MIN + index);

/**
 * The order's feedback (product rule R9.16): given once the order is delivered or collected,
 * shown as given, and replaced when sent again.
 */
export function OrderFeedbackSection({ data: { order, detail } }: { data: OrderPageData }) {
  const [editing, setEditing] = useState(false);
  const [saved, setSaved] = useState<string | null>(null);
  const given = detail.feedback;
  return (
    <section className="card order-page__section" aria-labelledby="order-feedback">
      <h2 id="order-feedback">Your feedback</h2>
      <div role="status">{saved && <p className="notice">{saved}</p>}</div>
      {!canGiveFeedback(order.state) ? (
        <p>{FEEDBACK_MESSAGES.notFinished}.</p>
      ) : given && !editing ? (
        <GivenFeedback
          feedback={given}
          onChange={() => {
            setSaved(null);
            setEditing(true);
          }}
        />
      ) : (
        <FeedbackForm
          orderId={order.id}
          given={given}
          onSaved={(message) => {
            setSaved(message);
            setEditing(false);
          }}
        />
      )}
    </section>
  );
}

function GivenFeedback({ feedback, onChange }: { feedback: OrderFeedback; onChange: () => void }) {
  return (
    <>
      <dl className="summary-list">
        <div>
          <dt>How likely you are to recommend us</dt>
          <dd>
            {feedback.npsRating} out of {NPS_MAX}
          </dd>
        </div>
        {feedback.reason && (
          <div>
            <dt>Main reason</dt>
            <dd>{feedback.reason}</dd>
          </div>
        )}
        {feedback.notes && (
          <div>
            <dt>Notes</dt>
            <dd className="order-page__notes">{feedback.notes}</dd>
          </div>
        )}
      </dl>
      <Button variant="secondary" onClick={onChange}>
        Change your feedback
      </Button>
    </>
  );
}

function FeedbackForm({
  orderId,
  given,
  onSaved,
}: {
  orderId: string;
  given: OrderFeedback | null;
  onSaved: (message: string) => void;
}) {
  const queryClient = useQueryClient();
  const [npsRating, setNpsRating] = useState<number | null>(given?.npsRating ?? null);
  const [reason, setReason] = useState(given?.reason ?? '');
  const [notes, setNotes] = useState(given?.notes ?? '');
  const [errors, setErrors] = useState<FieldError[]>([]);
  const submit = useMutation({
    mutationFn: (score: number) =>
      giveOrderFeedback({
        orderId,
        npsRating: score,
        reason: optionalText(reason),
        notes: optionalText(notes),
      }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['orders', orderId] });
      onSaved(given ? FEEDBACK_MESSAGES.updated : FEEDBACK_MESSAGES.given);
    },
    onError: (error) =>
      setErrors([
        {
          fieldId: FIELD_IDS.npsRating,
          message:
            (isApiRequestError(error) && error.serverMessage) ||
            'Sorry, we could not save your feedback. Try again.',
        },
      ]),
  });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const found = feedbackErrors({ npsRating, reason, notes });
    setErrors(found.map(({ field, message }) => ({ fieldId: FIELD_IDS[field], message })));
    if (found.length === 0 && npsRating !== null) submit.mutate(npsRating);
  };
  const errorFor = (id: string) => errors.find((error) => error.fieldId === id)?.message;
  const npsError = errorFor(FIELD_IDS.npsRating);
  return (
    <>
      <ErrorSummary errors={errors} />
      <form noValidate onSubmit={onSubmit}>
        <div className={`field${npsError ? ' field--error' : ''}`}>
          <fieldset
            className="nps-scale"
            aria-describedby={['nps-hint', npsError ? 'nps-error' : ''].filter(Boolean).join(' ')}
          >
            <legend className="field__label">
              How likely are you to recommend Sfoglia to a friend?
            </legend>
            <div id="nps-hint" className="field__hint">
              0 is not at all likely, 10 is extremely likely.
            </div>
            {npsError && (
              <p id="nps-error" className="field__error">
                <span className="visually-hidden">Error:</span> {npsError}
              </p>
            )}
            <div className="nps-scale__options">
              {SCORES.map((score) => {
                const id = score === NPS_MIN ? FIELD_IDS.npsRating : `nps-rating-${score}`;
                return (
                  <div className="nps-scale__option" key={score}>
                    <input
                      id={id}
                      type="radio"
                      name="nps-rating"
                      value={score}
                      checked={npsRating === score}
                      onChange={() => setNpsRating(score)}
                    />
                    <label htmlFor={id}>{score}</label>
                  </div>
                );
              })}
            </div>
          </fieldset>
        </div>
        <TextField
          id={FIELD_IDS.reason}
          label="What is the main reason for your score? (optional)"
          value={reason}
          error={errorFor(FIELD_IDS.reason)}
          onChange={(event) => setReason(event.target.value)}
        />
        <div className={`field${errorFor(FIELD_IDS.notes) ? ' field--error' : ''}`}>
          <label className="field__label" htmlFor={FIELD_IDS.notes}>
            Anything else you would like to tell us? (optional)
          </label>
          {errorFor(FIELD_IDS.notes) && (
            <p id="feedback-notes-error" className="field__error">
              <span className="visually-hidden">Error:</span> {errorFor(FIELD_IDS.notes)}
            </p>
          )}
          <textarea
            id={FIELD_IDS.notes}
            name={FIELD_IDS.notes}
            className="field__input"
            rows={4}
            value={notes}
            aria-invalid={errorFor(FIELD_IDS.notes) ? true : undefined}
            aria-describedby={errorFor(FIELD_IDS.notes) ? 'feedback-notes-error' : undefined}
            onChange={(event) => setNotes(event.target.value)}
          />
        </div>
        <Button type="submit" busy={submit.isPending}>
          {given ? 'Update feedback' : 'Send feedback'}
        </Button>
      </form>
    </>
  );
}
