import { useEffect } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { useDocumentTitle } from '../../app/use-document-title';

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
  useDocumentTitle('Thank you for your rating');
  useEffect(() => {
    if (rating !== undefined) return;
    const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (idx > 0) navigate(-1);
    else navigate('/', { replace: true });
  }, [rating, navigate]);
  if (rating === undefined) return null;
  return (
    <div className="narrow">
      <h1>Thank you for your rating</h1>
      <p>
        You rated your order {rating} out of 5. Your feedback goes straight to the kitchen team.
      </p>
      <p>
        <Link to="/pasta-now">Order again</Link>
      </p>
    </div>
  );
}
