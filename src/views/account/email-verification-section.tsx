import { useState } from 'react';
import { requestVerificationEmail } from '../../api/email-verification';
import type { Customer } from '../../api/types';
import { Button } from '../../components/form/button';

const SEND_FAILED = 'We could not send a verification email just now. Try again in a few minutes.';

/**
 * Whether the customer's email is verified, and a new verification link on request (the server
 * allows 3 an hour and says so). New-customer vouchers ask for a verified email.
 */
export function EmailVerificationSection({ customer }: { customer: Customer }) {
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const send = async () => {
    setBusy(true);
    setSent(null);
    setError(null);
    try {
      setSent(await requestVerificationEmail());
    } catch (failure) {
      const { status, message } = failure as { status: number; message: string | null };
      setError(status >= 400 && status < 500 && message ? message : SEND_FAILED);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby="email-heading">
      <h2 id="email-heading">Email address</h2>
      <p>
        {customer.email}{' '}
        {customer.emailVerified ? (
          <strong className="tag tag--green">Verified</strong>
        ) : (
          <strong className="tag tag--yellow">Not verified</strong>
        )}
      </p>
      {!customer.emailVerified && (
        <>
          <p>
            Open the link in the email we sent you to verify your email address. You need a verified
            email address to redeem new-customer vouchers such as WELCOME60.
          </p>
          {error && (
            <p className="notice notice--error" role="alert">
              {error}
            </p>
          )}
          <Button variant="secondary" busy={busy} onClick={() => void send()}>
            Send verification email
          </Button>
          <p role="status">{sent}</p>
        </>
      )}
    </section>
  );
}
