import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { fetchRewardBlocks, REWARD_BLOCKS_QUERY_KEY } from '../../api/rewards';
import type { Customer } from '../../api/types';
import { useDocumentTitle } from '../../app/use-document-title';
import { Button } from '../../components/form/button';
import { APP_ROUTES } from '../../../domain/app-routes';
import { formatPrice } from '../../../domain/money';
import { REFERRAL_REWARD_PENCE, referralLink } from '../../../domain/rewards';
import './rewards.css';

const LINK_FIELD = 'referral-link';

/**
 * /account/rewards/referral (product rule R12.11): the customer's own link, what a friend gets and
 * what the customer gets, and how many friends joined.
 */
export function ReferralPage({ customer }: { customer: Customer }) {
  useDocumentTitle('Invite a friend');
  const blocks = useQuery({
    queryKey: REWARD_BLOCKS_QUERY_KEY,
    queryFn: () => fetchRewardBlocks(),
  });
  const friends = blocks.data?.find((block) => block.kind === 'referral')?.rewardsEarned ?? 0;
  const link = referralLink(window.location.origin, customer.referralToken);
  const value = formatPrice(REFERRAL_REWARD_PENCE / 100);
  const [copied, setCopied] = useState<string | null>(null);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      setCopied('Link copied. Paste it to a friend.');
    } catch {
      setCopied('Select the link above and copy it.');
    }
  };

  return (
    <div className="page rewards">
      <p>
        <Link to={APP_ROUTES.rewards}>Back to rewards</Link>
      </p>
      <header className="rewards__hero rewards__hero--referral">
        <h1>Invite a friend</h1>
        <p>
          Share your love of fresh pasta: give {value}, get {value}.
        </p>
      </header>
      <section aria-labelledby="share-heading" className="card rewards__share">
        <h2 id="share-heading">Your invite link</h2>
        <div className="field">
          <label className="field__label" htmlFor={LINK_FIELD}>
            Send this link to a friend
          </label>
          <input
            id={LINK_FIELD}
            className="field__input"
            readOnly
            value={link}
            onFocus={(event) => event.currentTarget.select()}
          />
        </div>
        <div className="rewards__share-actions">
          <Button onClick={() => void copy()}>Copy link</Button>
          <a
            className="button button--secondary"
            href={`mailto:?${new URLSearchParams({
              subject: `${customer.firstName} sent you ${value} for fresh pasta`,
              body: `Try Sfoglia's fresh pasta: sign up with my link and we both get ${value} of store credit. ${link}`,
            })
              .toString()
              .replace(/\+/g, '%20')}`}
          >
            Email it
          </a>
        </div>
        <p role="status">{copied}</p>
      </section>
      <section aria-labelledby="how-heading" className="rewards__section">
        <h2 id="how-heading">How it works</h2>
        <ol className="rewards__steps">
          <li className="card">
            <h3>Your friend signs up</h3>
            <p>Through your link, with their own email address.</p>
          </li>
          <li className="card">
            <h3>They get {value}</h3>
            <p>
              When their first order is paid, {value} of store credit is theirs for the next one.
            </p>
          </li>
          <li className="card">
            <h3>You get {value}</h3>
            <p>At the same moment, {value} of store credit is yours. Once per friend.</p>
          </li>
        </ol>
      </section>
      <p className="rewards__friends">
        {friends === 0
          ? 'No friends have joined through your link yet.'
          : `${friends} ${friends === 1 ? 'friend has' : 'friends have'} joined through your link: ${formatPrice((friends * REFERRAL_REWARD_PENCE) / 100)} earned.`}
      </p>
    </div>
  );
}
