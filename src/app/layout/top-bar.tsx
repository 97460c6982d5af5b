import { useEffect, useRef, useState } from 'react';
import { Link, NavLink, useLocation, useNavigate } from 'react-router-dom';
import { api, unwrap } from '../../api/client';
import { toEntity } from '../../api/json-api';
import type { Restaurant } from '../../api/types';
import { flash } from '../../components/flash/flash-store';
import { useCustomer, useSessionActor } from '../../session/session-context';
import { DisclosureMenu } from './disclosure-menu';
import { useOpenOnThisPage } from './use-open-on-this-page';
import { ACCOUNT_MENU, MAIN_MENU } from './menu-items';
import type { TopBarVariant } from './top-bar-variant';
import { APP_ROUTES } from '../../../domain/app-routes';
import './layout.css';

function BookATableMenu() {
  const [restaurants, setRestaurants] = useState<Restaurant[] | null>(null);
  // Loaded when first opened: the first view of every page stays free of this call.
  const load = () => {
    if (restaurants) return;
    unwrap(api.GET('/restaurants/all'))
      .then((body) => setRestaurants(body.data.map((resource) => toEntity(resource) as Restaurant)))
      .catch(() => setRestaurants([]));
  };
  return (
    <DisclosureMenu label="Book a table" onOpen={load}>
      {restaurants === null && <li>Loading restaurants…</li>}
      {restaurants?.map((restaurant) => (
        <li key={restaurant.id}>
          <Link to={`/restaurant/${restaurant.id}`}>{restaurant.site}</Link>
        </li>
      ))}
      <li>
        <Link to="/restaurants">All restaurants</Link>
      </li>
    </DisclosureMenu>
  );
}

/**
 * Product rule R2.11: "Sign in" brings the customer back to the page they were on. From a sign-in
 * screen itself (or home) there is nowhere to come back to: sign-in then lands on the account.
 */
function signInLink(pathname: string, search: string): string {
  const here = `${pathname}${search}`;
  const isAuthScreen = AUTH_SCREENS.some((path) => path === pathname);
  if (isAuthScreen || pathname === APP_ROUTES.home) return APP_ROUTES.socialLogin;
  return `${APP_ROUTES.socialLogin}?${new URLSearchParams({ returnTo: here })}`;
}

const AUTH_SCREENS: string[] = [
  APP_ROUTES.socialLogin,
  APP_ROUTES.login,
  APP_ROUTES.signup,
  APP_ROUTES.forgotPassword,
  APP_ROUTES.resetPassword,
];

function AccountMenu() {
  const customer = useCustomer();
  const { pathname, search, key } = useLocation();
  const session = useSessionActor();
  const navigate = useNavigate();
  // Product rule R2.6: sign-out goes home first and ends the session once home is the location. Ended first,
  // the account page still on screen saw a signed-out customer and sent them to sign in with a
  // returnTo (its guard, R2.2), racing the navigation home.
  const signingOutFrom = useRef<string | null>(null);
  useEffect(() => {
    if (signingOutFrom.current === null || signingOutFrom.current === key) return;
    signingOutFrom.current = null;
    session.send({ type: 'session.signOut' });
    flash('You have signed out.', 'info');
  }, [key, session]);
  if (customer === undefined) return null;
  if (customer === null) {
    return (
      <Link className="nav__link" to={signInLink(pathname, search)}>
        Sign in
      </Link>
    );
  }
  const signOut = () => {
    signingOutFrom.current = key;
    navigate('/');
  };
  return (
    <DisclosureMenu label="My account">
      {ACCOUNT_MENU.map((item) => (
        <li key={item.label}>
          <Link to={item.to}>{item.label}</Link>
        </li>
      ))}
      <li>
        <button type="button" className="button--link" onClick={signOut}>
          Sign out
        </button>
      </li>
    </DisclosureMenu>
  );
}

/** The header. The checkout variant keeps only the logo and reassurance, so nothing pulls the customer away. */
export function TopBar({ variant }: { variant: TopBarVariant }) {
  // The drawer belongs to the page it was opened on: moving to another page closes it (R1.19).
  const [drawerOpen, setDrawerOpen] = useOpenOnThisPage();
  useEffect(() => {
    if (!drawerOpen) return;
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && setDrawerOpen(false);
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [drawerOpen, setDrawerOpen]);

  return (
    <header className={`top-bar top-bar--${variant}`} data-variant={variant}>
      <Link to="/" className="top-bar__logo" aria-label="Sfoglia home">
        Sfoglia
      </Link>
      {variant === 'checkout' ? (
        <p className="top-bar__secure">Secure checkout</p>
      ) : (
        <>
          <button
            type="button"
            className="top-bar__drawer-button"
            aria-expanded={drawerOpen}
            aria-controls="site-navigation"
            onClick={() => setDrawerOpen(!drawerOpen)}
          >
            Menu
          </button>
          <nav
            id="site-navigation"
            aria-label="Main"
            className={`nav${drawerOpen ? ' nav--open' : ''}`}
          >
            <ul className="nav__list">
              {MAIN_MENU.slice(0, 1).map((item) => (
                <li key={item.to}>
                  <NavLink className="nav__link" to={item.to}>
                    {item.label}
                  </NavLink>
                </li>
              ))}
              <li>
                <BookATableMenu />
              </li>
              {/* Product rule R1.15: "Delivery" reads the same everywhere; the takeaway menu offers
                  "Change address" beside the address it delivers to. */}
              {MAIN_MENU.slice(1).map((item) => (
                <li key={item.to}>
                  <NavLink className="nav__link" to={item.to}>
                    {item.label}
                  </NavLink>
                </li>
              ))}
              <li>
                <AccountMenu />
              </li>
            </ul>
          </nav>
        </>
      )}
    </header>
  );
}
