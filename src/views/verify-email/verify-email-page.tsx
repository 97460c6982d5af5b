import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, type ComponentType } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { fromPromise, type ActorRefFrom, type StateValueFrom } from 'xstate';
import { verifyEmailMachine } from '../../../machines/verify-email/verify-email.machine';
import { confirmEmail, requestVerificationEmail } from '../../api/email-verification';
import { useDocumentTitle } from '../../app/use-document-title';
import { Button } from '../../components/form/button';
import { useCustomer, useSessionActor } from '../../session/session-context';

const liveVerifyEmailMachine = verifyEmailMachine.provide({
  actors: {
    confirmEmail: fromPromise(({ input }) => confirmEmail(input.token)),
    requestVerificationEmail: fromPromise(() => requestVerificationEmail()),
  },
});

type Actor = ActorRefFrom<typeof liveVerifyEmailMachine>;
type PageState = Exclude<StateValueFrom<typeof liveVerifyEmailMachine>, 'routing'>;

/** What each failure is called, as a heading the customer can act on. */
const FAILURE_HEADINGS: Record<string, string> = {
  verification_link_expired: 'This link has expired',
  verification_link_used: 'This link has already been used',
  verification_link_invalid: 'This link is not valid',
};

function Checking() {
  useDocumentTitle('Verifying your email address');
  return (
    <p className="page-loading" role="status">
      Verifying your email address…
    </p>
  );
}

function Verified() {
  useDocumentTitle('Email address verified');
  const customer = useCustomer();
  const session = useSessionActor();
  // The session's customer still says "not verified": now it is.
  useEffect(() => {
    if (customer && !customer.emailVerified)
      session.send({ type: 'session.signedIn', customer: { ...customer, emailVerified: true } });
  }, [customer, session]);
  return (
    <div className="narrow">
      <div className="panel panel--confirmation">
        <h1>Email address verified</h1>
        <p>Thank you for confirming your email address.</p>
      </div>
      <p>You can now redeem new-customer vouchers such as WELCOME60 in your account.</p>
      <p>
        <Link to={customer ? '/account/dashboard' : '/login'}>
          {customer ? 'Go to your account' : 'Sign in to your account'}
        </Link>
      </p>
    </div>
  );
}

function Failed({ actor }: { actor: Actor }) {
  const failure = useSelector(actor, (s) => s.context.failure);
  const resendError = useSelector(actor, (s) => s.context.resendError);
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const customer = useCustomer();
  const heading = FAILURE_HEADINGS[failure?.code ?? ''] ?? 'We could not verify your email address';
  useDocumentTitle(heading);
  return (
    <div className="narrow">
      <h1>{heading}</h1>
      {failure?.message && <p>{failure.message}</p>}
      {customer ? (
        <>
          {resendError && (
            <p className="notice notice--error" role="alert">
              {resendError}
            </p>
          )}
          <Button busy={busy} onClick={() => actor.send({ type: 'link.resend' })}>
            Send a new link
          </Button>
        </>
      ) : (
        <p>
          <Link to={`/login?${new URLSearchParams({ returnTo: '/account/dashboard' })}`}>
            Sign in to send a new link
          </Link>
        </p>
      )}
    </div>
  );
}

function Sent({ actor }: { actor: Actor }) {
  useDocumentTitle('Check your email');
  const message = useSelector(actor, (s) => s.context.sentMessage);
  const customer = useCustomer();
  return (
    <div className="narrow">
      <h1>Check your email</h1>
      <p role="status">
        {message} We sent it to <strong>{customer?.email}</strong>.
      </p>
    </div>
  );
}

/** One view per state: a new state fails to compile until it has one. */
const views = {
  confirming: Checking,
  verified: Verified,
  failed: Failed,
  sending: Failed,
  sent: Sent,
} satisfies Record<PageState, ComponentType<{ actor: Actor }>>;

/** /verify-email?token=: the link of a verification email. */
export default function VerifyEmailPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const actor = useActorRef(liveVerifyEmailMachine, {
    input: { token: new URLSearchParams(location.search).get('token') },
  });
  // The token is read once; it leaves the address bar (and the history, and any Referer).
  useEffect(() => {
    if (location.search) navigate(location.pathname, { replace: true });
    // Only the first URL carries it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const state = useSelector(actor, (s) => s.value as PageState | 'routing');
  if (state === 'routing') return null;
  const View = views[state];
  return <View actor={actor} />;
}
