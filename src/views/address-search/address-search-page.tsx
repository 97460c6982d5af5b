import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { ADDRESS_SEARCH_MESSAGES } from '../../../machines/address-search/address-search.machine';
import { readValidStored } from '../../app/storage';
import { isStoredDelivery } from '../../../domain/stored-delivery';
import { useDocumentTitle } from '../../app/use-document-title';
import { Button } from '../../components/form/button';
import { ChoiceGroup } from '../../components/form/choice-group';
import { ErrorSummary } from '../../components/form/error-summary';
import { TextField } from '../../components/form/text-field';
import { Modal } from '../../components/modal';
import { formatAddress, liveAddressSearchMachine } from './address-search-actors';
import { LandingWays } from './landing-ways';
import './address-search.css';

/** Product rule R14.9: the hero's picture is the landing's largest paint, so it loads first. */
const HERO_IMAGE = '/artwork/takeaway/tagliatelle-al-ragu.svg';

type Actor = ReturnType<typeof useActorRef<typeof liveAddressSearchMachine>>;

/**
 * Uncontrolled (product rule R14.14): drawn on the server, the field can be typed in before the app
 * has taken the page over, and what was typed is read from the form when it is sent.
 */
function PostcodeForm({ actor, busy }: { actor: Actor; busy: boolean }) {
  const error = useSelector(actor, (s) => s.context.error);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const postcode = new FormData(event.currentTarget).get('postcode');
    actor.send({ type: 'postcode.submit', postcode: typeof postcode === 'string' ? postcode : '' });
  };
  return (
    <form onSubmit={submit} noValidate>
      <TextField
        id="postcode"
        label="Postcode"
        hint="For example, W4 2HD"
        autoComplete="postal-code"
        className="field__input--postcode"
        defaultValue={actor.getSnapshot().context.postcode}
        error={error?.field === 'postcode' ? error.message : undefined}
      />
      <Button type="submit" busy={busy}>
        Find my address
      </Button>
    </form>
  );
}

function AddressChoice({ actor, busy }: { actor: Actor; busy: boolean }) {
  const { addresses, postcode, error } = useSelector(actor, (s) => s.context);
  const [chosen, setChosen] = useState<string[]>([]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    actor.send({ type: 'address.choose', addressId: chosen[0] ?? null });
  };
  return (
    <form onSubmit={submit} noValidate>
      <ChoiceGroup
        id="address"
        type="radio"
        legend={`Select your address in ${postcode}`}
        choices={addresses.map((address) => ({
          value: address.id,
          label: [address.address1, address.address2, address.city].filter(Boolean).join(', '),
        }))}
        values={chosen}
        onChange={setChosen}
        error={error?.field === 'address' ? error.message : undefined}
      />
      <Button type="submit" busy={busy}>
        Deliver here
      </Button>{' '}
      <Button variant="link" onClick={() => actor.send({ type: 'address.enterManually' })}>
        My address is not listed
      </Button>{' '}
      <Button variant="link" onClick={() => actor.send({ type: 'search.restart' })}>
        Change postcode
      </Button>
    </form>
  );
}

function ManualAddress({ actor, busy }: { actor: Actor; busy: boolean }) {
  const { postcode, error, addresses } = useSelector(actor, (s) => s.context);
  const [fields, setFields] = useState({ address1: '', address2: '', city: '' });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    actor.send({ type: 'address.submit', ...fields });
  };
  const errorFor = (field: string) => (error?.field === field ? error.message : undefined);
  return (
    <form onSubmit={submit} noValidate>
      <p>
        Postcode: <strong>{postcode}</strong>
      </p>
      {addresses.length === 0 && (
        // Product rule R3.13: a postcode placed at its district comes with no address list.
        <p>We found {postcode} but not its addresses: type your house number and street.</p>
      )}
      <TextField
        id="address1"
        label="Address line 1"
        hint="House number and street"
        autoComplete="address-line1"
        value={fields.address1}
        error={errorFor('address1')}
        onChange={(e) => setFields({ ...fields, address1: e.target.value })}
      />
      <TextField
        id="address2"
        label="Address line 2 (optional)"
        autoComplete="address-line2"
        value={fields.address2}
        onChange={(e) => setFields({ ...fields, address2: e.target.value })}
      />
      <TextField
        id="city"
        label="Town or city"
        autoComplete="address-level2"
        value={fields.city}
        error={errorFor('city')}
        onChange={(e) => setFields({ ...fields, city: e.target.value })}
      />
      <Button type="submit" busy={busy}>
        Deliver here
      </Button>{' '}
      <Button variant="link" onClick={() => actor.send({ type: 'search.restart' })}>
        Change postcode
      </Button>
    </form>
  );
}

/** The landing screen (`/` redirects here): find the restaurant that delivers to the customer. */
export default function AddressSearchPage() {
  useDocumentTitle('Fresh pasta, delivered');
  const navigate = useNavigate();
  const actor = useActorRef(liveAddressSearchMachine, {
    input: { stored: readValidStored('delivery', isStoredDelivery) },
  });
  const snapshot = useSelector(actor, (s) => s);
  const busy = snapshot.hasTag('busy');
  const error = snapshot.context.error;

  useEffect(() => {
    if (snapshot.status !== 'done') return;
    navigate(snapshot.output?.outcome === 'recipeKit' ? '/menu' : '/pasta-now');
  }, [snapshot.status, snapshot.output, navigate]);

  // While the address is placed, and under the unavailable modal, the form it came from stays.
  const placing = snapshot.matches('locating') || snapshot.matches('unavailable');
  const view =
    snapshot.matches('choosingAddress') || (placing && !snapshot.context.typedAddress)
      ? 'choose'
      : snapshot.matches('enteringAddress') || placing
        ? 'manual'
        : 'postcode';

  // A new step replaces the form the customer was in: take them to its first control, unless
  // the error summary has just taken focus to explain what went wrong.
  const step = snapshot.matches('confirmingStored') ? 'stored' : view;
  const stepRef = useRef<HTMLDivElement>(null);
  const shownStep = useRef(step);
  useEffect(() => {
    if (shownStep.current === step) return;
    shownStep.current = step;
    if (actor.getSnapshot().context.error) return;
    stepRef.current?.querySelector<HTMLElement>('input, select, textarea, button')?.focus();
  }, [step, actor]);

  return (
    <div className="landing">
      <section className="landing-hero" aria-labelledby="landing-heading">
        <div className="landing-hero__search">
          {error && <ErrorSummary errors={[{ fieldId: error.field, message: error.message }]} />}
          <p className="landing-hero__eyebrow">Rolled by hand every morning</p>
          <h1 id="landing-heading">Fresh pasta, delivered hot</h1>
          <p className="landing-hero__lead">
            Tell us where you are and we will find the Sfoglia kitchen nearest to you.
          </p>
          <p className="visually-hidden" role="status" aria-live="polite">
            {busy ? 'Searching…' : ''}
          </p>
          <div ref={stepRef} className="landing-hero__step">
            {snapshot.matches('confirmingStored') && snapshot.context.stored ? (
              <div className="notice">
                <p>
                  Deliver to <strong>{formatAddress(snapshot.context.stored.address)}</strong> from{' '}
                  {snapshot.context.stored.restaurantSite}?
                </p>
                <Button onClick={() => actor.send({ type: 'stored.use' })}>Continue</Button>{' '}
                <Button variant="secondary" onClick={() => actor.send({ type: 'search.restart' })}>
                  Use another address
                </Button>
              </div>
            ) : view === 'choose' ? (
              <AddressChoice actor={actor} busy={busy} />
            ) : view === 'manual' ? (
              <ManualAddress actor={actor} busy={busy} />
            ) : (
              <PostcodeForm actor={actor} busy={busy} />
            )}
          </div>
        </div>
        <div className="landing-hero__picture">
          {/* The largest paint of the landing: eager and first in line (product rule R14.9). */}
          <img
            className="landing-hero__image"
            src={HERO_IMAGE}
            alt="A bowl of tagliatelle al ragù"
            width={480}
            height={360}
            loading="eager"
            fetchPriority="high"
          />
        </div>
      </section>
      <LandingWays />
      <Modal
        open={snapshot.matches('unavailable')}
        title="Sorry, we can't deliver hot pasta to this address yet"
        onClose={() => actor.send({ type: 'search.restart' })}
      >
        <p>
          {ADDRESS_SEARCH_MESSAGES.noRestaurants} near{' '}
          {snapshot.context.address ? formatAddress(snapshot.context.address) : 'this address'}.
        </p>
        <p>
          Our recipe kits are delivered across the UK: fresh pasta and sauces to cook at home in
          minutes.
        </p>
        <div className="modal__actions">
          <Button onClick={() => actor.send({ type: 'kit.choose' })}>Get a recipe kit</Button>
          <Button variant="secondary" onClick={() => actor.send({ type: 'search.restart' })}>
            Check another address
          </Button>
        </div>
      </Modal>
    </div>
  );
}
