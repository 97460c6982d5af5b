import { APP_ROUTES } from '../../domain/app-routes';
import { STORAGE_KEYS } from '../../domain/storage-keys';

/** A checkout's own address, without its `/*`. */
const entryOf = (route: string) => route.replace(/\/\*$/, '');

/** Product rule R1.1: paths that only ever send the visitor on, whoever they are. */
const ALWAYS: Record<string, string> = {
  [APP_ROUTES.home]: APP_ROUTES.addressSearch,
  [APP_ROUTES.products]: APP_ROUTES.productBox,
};

/**
 * Product rule R5.1: each checkout's entry and where it sends a customer with no basket (the
 * checkouts' `menu` exits: the kit checkout to the recipe-kit menu, the takeaway's to its menu).
 */
const CHECKOUT_EXITS: Record<string, string> = {
  [entryOf(APP_ROUTES.kitCheckout)]: APP_ROUTES.productBox,
  [entryOf(APP_ROUTES.takeawayCheckout)]: APP_ROUTES.takeawayMenu,
};

/**
 * Product rule R14.15: where the app's first act on a page is a redirect the server can already
 * tell, the server answers the redirect instead of a page whose JavaScript must arrive to leave
 * it. `/` and `/products` always (R1.1, the query kept); a checkout's entry with no session cookie
 * at all, which has no basket to check out (baskets belong to a session), goes where the
 * checkout sends an empty basket. A checkout with a query (back from a bank or a wallet), a step's
 * own URL or a session cookie (even one that has ended) is left to its machine, which reads the
 * basket: the server does not read the database for this.
 */
export function earlyRedirect(url: string, hasSessionCookie: boolean): string | undefined {
  const [pathname = '', query] = url.split('?', 2);
  const always = ALWAYS[pathname];
  if (always !== undefined) return query ? `${always}?${query}` : always;
  if (hasSessionCookie || query !== undefined) return undefined;
  return CHECKOUT_EXITS[pathname];
}

/**
 * Product rule R14.15: where the redirect depends on what the browser stored, the page makes it as
 * it is read, before the app's JavaScript has arrived: the takeaway menu with no stored delivery
 * (R3.10) goes on to address search. Only whether the key is there: the app still checks the
 * stored delivery (its shape, its week) and sends on one it cannot use. Each script is allowed by
 * its hash in that page's Content-Security-Policy (static-files.ts).
 */
export const STORED_REDIRECTS: Record<string, string> = {
  [APP_ROUTES.takeawayMenu]: unlessDeliveryStored(
    `location.replace(${JSON.stringify(APP_ROUTES.addressSearch)})`,
  ),
};

/**
 * Product rule R14.15: where that redirect's target is drawn on the server, the page is drawn as
 * the target in place, with no second request: as it is read, a browser with nothing stored takes
 * the target's URL (`history.replaceState`, no load) and the app starts there, on the drawn
 * screen; one with a stored delivery empties the drawn root (the target's own
 * BROWSER_DRAWN_WHEN_STORED) and the app draws the page it asked for. The redirect above stays
 * the page's answer when no screen could be drawn.
 */
export const DRAWN_IN_PLACE: Record<string, { target: string; script: string }> = {
  [APP_ROUTES.takeawayMenu]: {
    target: APP_ROUTES.addressSearch,
    script: unlessDeliveryStored(
      `history.replaceState(history.state,"",${JSON.stringify(APP_ROUTES.addressSearch)})`,
    ),
  },
};

/** `act` in the page as it is read, unless the browser stored a delivery (R3.10). */
function unlessDeliveryStored(act: string): string {
  return `try{localStorage.getItem(${JSON.stringify(STORAGE_KEYS.delivery)})||${act}}catch(e){}`;
}
