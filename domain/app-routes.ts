/**
 * Product rule R1.13: the one list of the app's screens, as path patterns (`:name` is one path
 * segment, a final `/*` any rest, none included). The browser's router draws its routes from it
 * and the server answers 404 for any other path (with the app shell, so its not-found page shows).
 * Menus offer an entry only when its path is one of these (product rule R1.14).
 */
export const APP_ROUTES = {
  home: '/',
  products: '/products',
  addressSearch: '/pasta-now-search-address',
  socialLogin: '/social-login',
  signup: '/signup',
  login: '/login',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  takeawayMenu: '/pasta-now',
  productBox: '/menu',
  restaurantFinder: '/pasta-now-find',
  takeawayCheckout: '/pasta-now-checkout/*',
  walletConfirmation: '/paypal-confirmation',
  walletSetupConfirmation: '/paypal-setup-confirmation',
  pastaType: '/pasta-type',
  takeawayBasket: '/my-basket',
  kitBasket: '/my-rk-basket',
  kitCheckout: '/checkout/*',
  paymentSuccess: '/payment/success',
  orderPayment: '/payment/:orderId',
  verifyEmail: '/verify-email',
  support: '/support',
  supportSuccess: '/support-success',
  nextOrderVoucher: '/next-order-voucher',
  restaurants: '/restaurants',
  restaurant: '/restaurant/:restaurantId',
  tracking: '/takeaway/track/:orderId',
  order: '/order/:orderId',
  orderEdit: '/order/:orderId/edit/*',
  scheduleWeek: '/schedule/:scheduleWeekId/edit',
  chooseRecipes: '/schedule/:scheduleWeekId/choose-recipes',
  changeDeliveryDate: '/schedule/:scheduleWeekId/change-delivery-date',
  oneOffBox: '/schedule/one-off/:orderId/view',
  rating: '/rate-my-takeaway',
  ratingConfirmation: '/rate-my-takeaway/confirmation',
  account: '/account',
  accountDashboard: '/account/dashboard',
  accountDetails: '/account/my-details',
  upcomingOrders: '/account/upcoming-orders',
  orderHistory: '/account/order-history',
  accountOffers: '/account/offers',
  rewards: '/account/rewards',
  rewardsReferral: '/account/rewards/referral',
  pastaPlan: '/account/pasta-plan',
  planSettings: '/account/pasta-plan/settings',
} as const;

export type AppRoute = keyof typeof APP_ROUTES;

/** The account's screens, as paths under `/account` (its own router renders them). */
export const ACCOUNT_ROUTES = [
  'accountDashboard',
  'accountDetails',
  'upcomingOrders',
  'orderHistory',
  'accountOffers',
  'rewards',
  'rewardsReferral',
  'pastaPlan',
  'planSettings',
] as const satisfies readonly AppRoute[];
export type AccountRoute = (typeof ACCOUNT_ROUTES)[number];

const segments = (path: string) => path.split('/').filter(Boolean);

/** True when the pathname (no query, no hash) is one the pattern names. */
export function matchesRoute(pattern: string, pathname: string): boolean {
  const want = segments(pattern);
  const got = segments(pathname);
  const rest = want.at(-1) === '*';
  if (rest) want.pop();
  if (rest ? got.length < want.length : got.length !== want.length) return false;
  return want.every((part, index) => {
    const actual = got[index] ?? '';
    return part.startsWith(':') ? actual.length > 0 : part === actual;
  });
}

/** Product rule R1.13: is this path (a query or hash allowed) one of the app's screens? */
export function isAppPath(path: string): boolean {
  const pathname = path.split(/[?#]/)[0] ?? '';
  return Object.values(APP_ROUTES).some((pattern) => matchesRoute(pattern, pathname));
}

/** Product rule R9.14: an order's own page, linked from every order the account lists. */
export const orderPagePath = (orderId: string) => `/order/${orderId}`;

/** Product rule R9.19: where a recipe-kit order is changed before its cut-off. */
export const orderEditPath = (orderId: string, step = '') =>
  `/order/${orderId}/edit${step ? `/${step}` : ''}`;

/** An account route as the account router's relative path: `/account/my-details` → `my-details`. */
export const accountChildPath = (route: AccountRoute) =>
  APP_ROUTES[route].slice('/account/'.length);
