import { useQuery } from '@tanstack/react-query';
import { intlFormat, parseISO } from 'date-fns';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import {
  fetchMarketingOffers,
  fetchRewardBlocks,
  MARKETING_OFFERS_QUERY_KEY,
  OFFERS_FAILED,
  REWARD_BLOCKS_QUERY_KEY,
  REWARDS_FAILED,
  type MarketingOffer,
  type RewardBlock,
} from '../../api/rewards';
import { useDocumentTitle } from '../../app/use-document-title';
import { Button } from '../../components/form/button';
import { APP_ROUTES } from '../../../domain/app-routes';
import { formatPrice } from '../../../domain/money';
import { LOYALTY_BOXES, LOYALTY_REWARD_PENCE } from '../../../domain/rewards';
import './rewards.css';

const DAY = { day: 'numeric', month: 'long', year: 'numeric' } as const;

const offerValue = (offer: MarketingOffer) =>
  offer.valueType === 'percentage' ? `${offer.value}% off` : `${formatPrice(offer.value)} off`;

const PROPOSITION_NAMES: Record<MarketingOffer['propositions'][number], string> = {
  TW: 'takeaway',
  RK: 'recipe kits',
  OO: 'one-off boxes',
};

function Failed({ message, retry }: { message: string; retry: () => void }) {
  return (
    <div className="notice notice--error" role="alert">
      <p>{message}</p>
      <Button variant="secondary" onClick={retry}>
        Try again
      </Button>
    </div>
  );
}

/** Product rule R12.9: a plan's paid boxes towards its next loyalty voucher, one ravioli a box. */
function LoyaltyCard({ block }: { block: RewardBlock }) {
  const toGo = block.target - block.progress;
  return (
    <li className="card rewards__loyalty">
      <h3>{block.title}</h3>
      <ol className="rewards__ravioli" aria-hidden="true">
        {Array.from({ length: block.target }, (_, index) => (
          <li
            key={index}
            className={`rewards__raviolo${index < block.progress ? ' rewards__raviolo--done' : ''}`}
          />
        ))}
      </ol>
      <p className="rewards__count">
        <strong>
          {block.progress} of {block.target} boxes
        </strong>{' '}
        towards {formatPrice(block.rewardValue)} off a box.{' '}
        {toGo === 1 ? 'One more box to go!' : `${toGo} more boxes to go.`}
      </p>
      {block.rewardsEarned > 0 && (
        <p className="rewards__earned">
          <span className="badge badge--success">
            {block.rewardsEarned} {block.rewardsEarned === 1 ? 'reward' : 'rewards'} earned
          </span>{' '}
          Your vouchers are in your offers below.
        </p>
      )}
    </li>
  );
}

function LoyaltySection({ blocks }: { blocks: RewardBlock[] }) {
  return (
    <section aria-labelledby="loyalty-heading" className="rewards__section">
      <h2 id="loyalty-heading">Pasta plan loyalty</h2>
      <p>
        Every {LOYALTY_BOXES}th box of your pasta plan earns you{' '}
        {formatPrice(LOYALTY_REWARD_PENCE / 100)} off a box, as a voucher that is yours alone.
      </p>
      {blocks.length === 0 ? (
        <div className="card rewards__empty">
          <p>Start a pasta plan and your first reward is {LOYALTY_BOXES} boxes away.</p>
          <Link className="button button--primary" to={APP_ROUTES.productBox}>
            Choose your first box
          </Link>
        </div>
      ) : (
        <ul className="rewards__grid">
          {blocks.map((block) => (
            <LoyaltyCard key={block.id} block={block} />
          ))}
        </ul>
      )}
    </section>
  );
}

/** Product rule R12.10: an offer as a ticket, with the code and "use this code". */
function OfferCard({ offer }: { offer: MarketingOffer }) {
  const useLink = `${APP_ROUTES.nextOrderVoucher}?${new URLSearchParams({ vc: offer.code })}`;
  const titleId = `offer-${offer.id}`;
  return (
    <li className="card rewards__offer" aria-labelledby={titleId}>
      <p className="rewards__offer-value">{offerValue(offer)}</p>
      <h3 id={titleId}>{offer.title}</h3>
      {offer.reward && <span className="badge badge--accent">Your reward</span>}
      <p className="rewards__offer-terms">
        For {offer.propositions.map((p) => PROPOSITION_NAMES[p]).join(' and ')}
        {offer.endDate
          ? `, until ${intlFormat(parseISO(offer.endDate), DAY, { locale: 'en-GB' })}`
          : ''}
        .
      </p>
      <p className="rewards__code">
        Code <code>{offer.code}</code>
      </p>
      <Link className="button button--secondary" to={useLink}>
        Use this code<span className="visually-hidden">: {offer.code}</span>
      </Link>
    </li>
  );
}

function OffersSection() {
  const offers = useQuery({
    queryKey: MARKETING_OFFERS_QUERY_KEY,
    queryFn: () => fetchMarketingOffers(),
  });
  return (
    <section aria-labelledby="offers-heading" className="rewards__section">
      <h2 id="offers-heading">Offers for you</h2>
      {offers.isError ? (
        <Failed message={OFFERS_FAILED} retry={() => void offers.refetch()} />
      ) : offers.isPending ? (
        <p role="status">Loading your offers…</p>
      ) : offers.data.length === 0 ? (
        <p>No offers right now: keep an eye on your inbox.</p>
      ) : (
        <ul className="rewards__grid">
          {offers.data.map((offer) => (
            <OfferCard key={offer.id} offer={offer} />
          ))}
        </ul>
      )}
    </section>
  );
}

/** Product rule R12.11: the referral teaser, to the referral page. */
function ReferralTeaser({ block }: { block: RewardBlock | undefined }) {
  const value = formatPrice(block?.rewardValue ?? 10);
  return (
    <section aria-labelledby="invite-heading" className="card rewards__invite">
      <div>
        <h2 id="invite-heading">Invite a friend</h2>
        <p>
          Your friend gets {value} of store credit when their first order is paid, and so do you.
        </p>
        {block && block.rewardsEarned > 0 && (
          <p>
            <strong>
              {block.rewardsEarned} {block.rewardsEarned === 1 ? 'friend has' : 'friends have'}{' '}
              joined
            </strong>{' '}
            through your link.
          </p>
        )}
      </div>
      <Link className="button button--primary" to={APP_ROUTES.rewardsReferral}>
        Get your invite link
      </Link>
    </section>
  );
}

/**
 * /account/rewards (alias /account/offers): loyalty progress on the plan, the offers the customer
 * can use, the referral invitation and store credit (product rules R12.6-R12.11).
 */
export function RewardsPage({ storeCredit }: { storeCredit: ReactNode }) {
  useDocumentTitle('Rewards');
  const blocks = useQuery({
    queryKey: REWARD_BLOCKS_QUERY_KEY,
    queryFn: () => fetchRewardBlocks(),
  });
  const loyalty = blocks.data?.filter((block) => block.kind === 'loyalty') ?? [];
  const referral = blocks.data?.find((block) => block.kind === 'referral');
  return (
    <div className="page rewards">
      <header className="rewards__hero">
        <h1>Rewards</h1>
        <p>Fresh pasta tastes even better with a little something back.</p>
      </header>
      {blocks.isError ? (
        <Failed message={REWARDS_FAILED} retry={() => void blocks.refetch()} />
      ) : blocks.isPending ? (
        <p role="status">Loading your rewards…</p>
      ) : (
        <LoyaltySection blocks={loyalty} />
      )}
      <OffersSection />
      <ReferralTeaser block={referral} />
      <div className="rewards__section">{storeCredit}</div>
    </div>
  );
}
