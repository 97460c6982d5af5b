import { useEffect } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { useDocumentTitle } from '../../app/use-document-title';
import { starLabel } from './star-words';

const ratingOf = (value: string | null) =>
  value && /^[1-5]$/.test(value) ? Number(value) : undefined;

/**
 * /rate-my-takeaway/confirmation?rating=<n>. Product rule R1.8: without a rating it goes back, or
 * home when there is nothing to go back to (the router numbers its history entries in `idx`).
 */
export default function RatingConfirmationPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const rating = ratingOf(params.get('rating'));
  const orderId = params.get('order_id');
  // Product rule R9.12: a second rating replaces the first, and says so.
  const updated = params.get('updated') === 'true';
  const title = updated ? 'Your rating is updated' : 'Thank you for your rating';
  useDocumentTitle(title);
  useEffect(() => {
    if (rating !== undefined) return;
    const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (idx > 0) navigate(-1);
    else navigate('/', { replace: true });
  }, [rating, navigate]);
  if (rating === undefined) return null;
  return (
    <div className="narrow">
      <div className="panel panel--confirmation">
        <h1>{title}</h1>
        <p>
          You rated your order {starLabel(rating)}. Your feedback goes straight to the kitchen team.
        </p>
      </div>
      {orderId && /^\d+$/.test(orderId) && (
        <p>
          <Link to={`/rate-my-takeaway?${new URLSearchParams({ order_id: orderId })}`}>
            See or change your rating
          </Link>
        </p>
      )}
      <p>
        <Link to="/pasta-now">Order again</Link>
      </p>
    </div>
  );
}
