import { useQuery, useQueryClient } from '@tanstack/react-query';
import { intlFormat, parseISO } from 'date-fns';
import { useState, type FormEvent } from 'react';
import { isApiRequestError } from '../../api/api-error';
import {
  fetchStoreCredit,
  redeemCreditVoucher,
  STORE_CREDIT_HISTORY_FAILED,
  STORE_CREDIT_QUERY_KEY,
  type StoreCredit,
  type StoreCreditTransaction,
} from '../../api/store-credit';
import type { Customer } from '../../api/types';
import { Button } from '../../components/form/button';
import { ErrorSummary, type FieldError } from '../../components/form/error-summary';
import { TextField } from '../../components/form/text-field';
import { formatPrice } from '../../../domain/money';
import { useSessionActor } from '../../session/session-context';
import './store-credit.css';

const CODE_FIELD = 'credit-voucher-code';
const MAX_CODE_LENGTH = 64;
const DAY = { day: 'numeric', month: 'long', year: 'numeric' } as const;

/** The contract's limits on a code, said the way a customer fixes them. */
const codeProblem = (code: string) =>
  !code.trim()
    ? 'Enter a voucher code'
    : code.trim().length > MAX_CODE_LENGTH
      ? `Voucher code must be ${MAX_CODE_LENGTH} characters or fewer`
      : null;

const signed = (pounds: number) =>
  pounds < 0 ? `−${formatPrice(-pounds)}` : `+${formatPrice(pounds)}`;

/**
 * Redeem a credit voucher: on success the history, the balance and the session's customer update.
 * The code is read from the form as it is sent, not kept in state: the dashboard is drawn on the
 * server (R14.14), and a code typed before the app runs would be missing from state.
 */
function RedeemForm({ customer }: { customer: Customer }) {
  const session = useSessionActor();
  const queryClient = useQueryClient();
  const [errors, setErrors] = useState<FieldError[]>([]);
  const [added, setAdded] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const typed = new FormData(form).get(CODE_FIELD);
    const code = typeof typed === 'string' ? typed : '';
    setAdded(null);
    const local = codeProblem(code);
    setErrors(local ? [{ fieldId: CODE_FIELD, message: local }] : []);
    if (local) return;
    setBusy(true);
    try {
      const { transaction, balance } = await redeemCreditVoucher(code);
      queryClient.setQueryData<StoreCredit>(STORE_CREDIT_QUERY_KEY, (known) =>
        known ? { balance, transactions: [transaction, ...known.transactions] } : known,
      );
      void queryClient.invalidateQueries({ queryKey: STORE_CREDIT_QUERY_KEY });
      session.send({ type: 'session.signedIn', customer: { ...customer, storeCredits: balance } });
      form.reset();
      setAdded(`${formatPrice(transaction.amount)} added to your store credit`);
    } catch (error) {
      const message =
        // 403: a new-customer voucher before the email is verified, said how to fix.
        isApiRequestError(error) && (error.status === 400 || error.status === 403)
          ? (error.serverMessage ?? 'Something went wrong')
          : 'Something went wrong';
      setErrors([{ fieldId: CODE_FIELD, message }]);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate aria-labelledby="redeem-heading">
      <ErrorSummary errors={errors} />
      <h3 id="redeem-heading">Redeem a voucher</h3>
      <TextField
        id={CODE_FIELD}
        label="Voucher code"
        hint="Gift and credit vouchers become store credit, used first on your next box."
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        error={errors[0]?.message}
      />
      <Button type="submit" busy={busy}>
        Redeem
      </Button>
      <p role="status">{added}</p>
    </form>
  );
}

/**
 * Product rule R12.7: an order is named by its reference (R9.8), never by its id; credit given
 * without an order says why it was given.
 */
const descriptionOf = ({ amount, orderReference, reason }: StoreCreditTransaction) =>
  orderReference === null
    ? reason
    : amount < 0
      ? `Spent on order ${orderReference}`
      : `Credited for order ${orderReference}`;

function HistoryRow({ transaction }: { transaction: StoreCreditTransaction }) {
  return (
    <tr>
      <td>
        <time dateTime={transaction.createdAt}>
          {intlFormat(parseISO(transaction.createdAt), DAY, { locale: 'en-GB' })}
        </time>
      </td>
      <td>{descriptionOf(transaction)}</td>
      <td className="store-credit__amount">{signed(transaction.amount)}</td>
    </tr>
  );
}

/** The account's store credit: the balance, redeeming a voucher, and what was given and spent. */
export function StoreCreditSection({ customer }: { customer: Customer }) {
  // A balance is money: read it again on every visit rather than from a 30-second-old cache.
  const credit = useQuery({
    queryKey: STORE_CREDIT_QUERY_KEY,
    queryFn: fetchStoreCredit,
    staleTime: 0,
  });
  const balance = credit.data?.balance ?? customer.storeCredits;
  return (
    <section aria-labelledby="store-credit-heading">
      <h2 id="store-credit-heading">Store credit</h2>
      <p className="credit">
        Your balance: <strong>{formatPrice(balance)}</strong>
      </p>
      <RedeemForm customer={customer} />
      <h3>Store credit history</h3>
      {credit.isError ? (
        <div className="notice notice--error" role="alert">
          <p>{STORE_CREDIT_HISTORY_FAILED}</p>
          <Button variant="secondary" onClick={() => void credit.refetch()}>
            Try again
          </Button>
        </div>
      ) : credit.isPending ? (
        <p role="status">Loading your store credit history…</p>
      ) : credit.data.transactions.length === 0 ? (
        <p>No transactions yet.</p>
      ) : (
        <table>
          <caption className="visually-hidden">Store credit given and spent, newest first</caption>
          <thead>
            <tr>
              <th scope="col">Date</th>
              <th scope="col">Description</th>
              <th scope="col">Amount</th>
            </tr>
          </thead>
          <tbody>
            {credit.data.transactions.map((transaction) => (
              <HistoryRow key={transaction.id} transaction={transaction} />
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
