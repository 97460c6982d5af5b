import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { isApiRequestError } from '../../api/api-error';
import {
  fetchOrder,
  fetchRating,
  rateDish,
  rateOrder,
  type OrderWithItems,
  type Rating,
} from '../../api/orders';
import { useDocumentTitle } from '../../app/use-document-title';
import { withQueryClient } from '../../app/with-query-client';
import { ErrorSummary, type FieldError } from '../../components/form/error-summary';
import { Button } from '../../components/form/button';
import { QueryError } from '../../components/query-error';
import { StarRating } from './star-rating';
import { starLabel } from './star-words';
import './rating.css';

const REASONS = ['Food quality', 'Delivery time', 'Portion size', 'Packaging', 'Service', 'Other'];
const RATEABLE = new Set(['delivered', 'collected']);
const dayMonth = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long' });
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
  return <RatingLoader data={order.data} />;
}

/** Product rule R9.12: an order rated before opens with its rating as given. */
function RatingLoader({ data }: { data: OrderWithItems }) {
  const ratingId = data.order.ratingId;
  const given = useQuery({
    queryKey: ['ratings', ratingId],
    queryFn: () => fetchRating(ratingId ?? ''),
    enabled: ratingId !== null,
  });
  if (ratingId === null) return <RatingForm data={data} given={null} />;
  if (given.isError) {
    return (
      <div className="narrow">
        <h1>Rate your order</h1>
        <QueryError what="your rating" retry={() => void given.refetch()} />
      </div>
    );
  }
  if (!given.data) {
    return (
      <p className="page-loading" role="status">
        Loading your rating…
      </p>
    );
  }
  // Keyed by the rating's last change, so a refetched rating starts a fresh form.
  return <RatingForm key={given.data.updatedAt} data={data} given={given.data} />;
}

function RatingForm({ data, given }: { data: OrderWithItems; given: Rating | null }) {
  const { order, lines } = data;
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [rating, setRating] = useState<number | null>(given?.rating ?? null);
  const [reason, setReason] = useState(given?.reason ?? '');
  const [notes, setNotes] = useState(given?.notes ?? '');
  const [dishes, setDishes] = useState<Record<string, number>>(() =>
    Object.fromEntries(
      lines.flatMap(({ item }) => (item.productRating ? [[item.id, item.productRating]] : [])),
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
          rating: value,
        });
      }
      return stars;
    },
    onSuccess: async (stars) => {
      // Opening the link again reads the rating just given, not a cached one.
      await queryClient.invalidateQueries({ queryKey: ['orders', order.id] });
      await queryClient.invalidateQueries({ queryKey: ['ratings'] });
      const query = new URLSearchParams({ rating: String(stars), order_id: order.id });
      if (given) query.set('updated', 'true');
      navigate(`/rate-my-takeaway/confirmation?${query}`);
    },
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
    if (rating === null) {
      setErrors([{ fieldId: 'rating', message: 'Choose a rating from 1 to 5' }]);
      return;
    }
    setErrors([]);
    submit.mutate(rating);
  };
  const ratingError = errors.find((error) => error.fieldId === 'rating')?.message;

  return (
    <div className="narrow rating">
      <h1>Rate your order</h1>
      <p>
        Order {order.reference}
        {order.restaurantSite ? ` from Sfoglia ${order.restaurantSite}` : ''}
      </p>
      {given && (
        <p className="rating__given">
          You rated this order <strong>{starLabel(given.rating)}</strong> on{' '}
          {dayMonth.format(new Date(given.updatedAt))}. Change anything below and send it again.
        </p>
      )}
      <ErrorSummary errors={errors} />
      <form noValidate onSubmit={onSubmit}>
        <StarRating
          id="rating"
          legend="How was your order?"
          value={rating}
          onChange={setRating}
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
          <section aria-labelledby="rate-dishes" className="rating__dishes">
            <h2 id="rate-dishes">Rate your dishes (optional)</h2>
            {lines.map(({ item }) => (
              <StarRating
                key={item.id}
                id={`dish-${item.id}`}
                legend={item.title}
                compact
                value={dishes[item.id] ?? null}
                onChange={(value) => setDishes((current) => ({ ...current, [item.id]: value }))}
              />
            ))}
          </section>
        )}
        <Button type="submit" busy={submit.isPending}>
          {given ? 'Update rating' : 'Send rating'}
        </Button>
      </form>
    </div>
  );
}

export default withQueryClient(RatingPage);
