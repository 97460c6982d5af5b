import { useMutation, useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { isApiRequestError } from '../../api/api-error';
import { fetchOrder, rateDish, rateOrder, type OrderWithItems } from '../../api/orders';
import { useDocumentTitle } from '../../app/use-document-title';
import { withQueryClient } from '../../app/with-query-client';
import { ChoiceGroup, type Choice } from '../../components/form/choice-group';
import { ErrorSummary, type FieldError } from '../../components/form/error-summary';
import { Button } from '../../components/form/button';
import { QueryError } from '../../components/query-error';

const STARS: Choice[] = [
  { value: '1', label: '1 – Very poor' },
  { value: '2', label: '2 – Poor' },
  { value: '3', label: '3 – Okay' },
  { value: '4', label: '4 – Good' },
  { value: '5', label: '5 – Excellent' },
];
const REASONS = ['Food quality', 'Delivery time', 'Portion size', 'Packaging', 'Service', 'Other'];
const RATEABLE = new Set(['delivered', 'collected']);

/** /rate-my-takeaway?order_id=…: rate a delivered or collected order, and its dishes. */
function RatingPage() {
  const [params] = useSearchParams();
  const orderId = params.get('order_id') ?? '';
  useDocumentTitle('Rate your order');
  const order = useQuery({
    queryKey: ['orders', orderId],
    queryFn: () => fetchOrder(orderId),
    enabled: /^\d+$/.test(orderId),
  });
  const status = isApiRequestError(order.error) ? order.error.status : undefined;
  if (!/^\d+$/.test(orderId) || status === 404) {
    return (
      <div className="narrow">
        <h1>Order not found</h1>
        <p>We could not find the order to rate. Check the link in your email or on your order.</p>
      </div>
    );
  }
  if (order.isError) {
    return (
      <div className="narrow">
        <h1>Rate your order</h1>
        <QueryError what="your order" retry={() => void order.refetch()} />
      </div>
    );
  }
  if (!order.data) {
    return (
      <p className="page-loading" role="status">
        Loading your order…
      </p>
    );
  }
  if (!RATEABLE.has(order.data.order.state)) {
    return (
      <div className="narrow">
        <h1>Rate your order</h1>
        <p>You can rate your order once it has been delivered or collected.</p>
        <p>
          <Link to={`/takeaway/track/${order.data.order.id}`}>Follow your order</Link>
        </p>
      </div>
    );
  }
  return <RatingForm data={order.data} />;
}

function RatingForm({ data }: { data: OrderWithItems }) {
  const { order, lines } = data;
  const navigate = useNavigate();
  const [rating, setRating] = useState(order.rating ? String(order.rating) : '');
  const [reason, setReason] = useState('');
  const [notes, setNotes] = useState('');
  const [dishes, setDishes] = useState<Record<string, string>>(() =>
    Object.fromEntries(
      lines.flatMap(({ item }) =>
        item.productRating ? [[item.id, String(item.productRating)]] : [],
      ),
    ),
  );
  const [errors, setErrors] = useState<FieldError[]>([]);
  const submit = useMutation({
    mutationFn: async (stars: number) => {
      await rateOrder(
        {
          orderId: Number(order.id),
          rating: stars,
          reason: reason || null,
          notes: notes.trim() || null,
        },
        order.ratingId,
      );
      for (const [lineItemId, value] of Object.entries(dishes)) {
        await rateDish({
          orderId: Number(order.id),
          lineItemId: Number(lineItemId),
          rating: Number(value),
        });
      }
      return stars;
    },
    onSuccess: (stars) =>
      navigate(`/rate-my-takeaway/confirmation?${new URLSearchParams({ rating: String(stars) })}`),
    onError: (error) =>
      setErrors([
        {
          fieldId: 'rating',
          message:
            (isApiRequestError(error) && error.serverMessage) ||
            'Sorry, we could not save your rating. Try again.',
        },
      ]),
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!rating) {
      setErrors([{ fieldId: 'rating', message: 'Choose a rating from 1 to 5' }]);
      return;
    }
    setErrors([]);
    submit.mutate(Number(rating));
  };
  const ratingError = errors.find((error) => error.fieldId === 'rating')?.message;

  return (
    <div className="narrow">
      <h1>Rate your order</h1>
      <p>
        Order #{order.id}
        {order.restaurantSite ? ` from Sfoglia ${order.restaurantSite}` : ''}
      </p>
      <ErrorSummary errors={errors} />
      <form noValidate onSubmit={onSubmit}>
        <ChoiceGroup
          id="rating"
          legend="How was your order?"
          type="radio"
          choices={STARS}
          values={rating ? [rating] : []}
          onChange={([value]) => setRating(value ?? '')}
          error={ratingError}
        />
        <div className="field">
          <label className="field__label" htmlFor="reason">
            What mattered most? (optional)
          </label>
          <select
            id="reason"
            name="reason"
            className="field__input"
            value={reason}
            onChange={(event) => setReason(event.target.value)}
          >
            <option value="">Choose a reason</option>
            {REASONS.map((value) => (
              <option key={value} value={value}>
                {value}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label className="field__label" htmlFor="notes">
            Anything else to tell us? (optional)
          </label>
          <textarea
            id="notes"
            name="notes"
            className="field__input"
            rows={4}
            maxLength={2000}
            value={notes}
            onChange={(event) => setNotes(event.target.value)}
          />
        </div>
        {lines.length > 0 && (
          <>
            <h2>Rate your dishes (optional)</h2>
            {lines.map(({ item }) => (
              <ChoiceGroup
                key={item.id}
                id={`dish-${item.id}`}
                legend={item.title}
                type="radio"
                choices={STARS}
                values={dishes[item.id] ? [dishes[item.id] as string] : []}
                onChange={([value]) =>
                  setDishes((current) => ({ ...current, [item.id]: value ?? '' }))
                }
              />
            ))}
          </>
        )}
        <Button type="submit" busy={submit.isPending}>
          Send rating
        </Button>
      </form>
    </div>
  );
}

export default withQueryClient(RatingPage);
