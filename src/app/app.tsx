import { Suspense, useEffect, type ReactElement } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router-dom';
import { BasketRedirect } from '../views/basket-redirect/basket-redirect';
import { AppLayout } from './layout/app-layout';
import { ScreenErrorBoundary } from './layout/screen-error-boundary';
import { lazyRoute } from './lazy-route';
import { PressEarlyTap } from './press-early-tap';
import { keepReferralFrom } from '../components/referral-link';
import { APP_ROUTES, type AccountRoute, type AppRoute } from '../../domain/app-routes';

// Every screen is its own chunk: the first load carries only the shell and the screen asked for.
const AddressSearchPage = lazyRoute(() => import('../views/address-search/address-search-page'));
const AuthFlow = lazyRoute(() => import('../views/auth/auth-flow'));
const AccountLayout = lazyRoute(() => import('../views/account/account-layout'));
const SupportPage = lazyRoute(() => import('../views/support/support-page'));
const SupportSuccessPage = lazyRoute(() => import('../views/support/support-success-page'));
const NextOrderVoucherPage = lazyRoute(() => import('../views/support/next-order-voucher-page'));
const RestaurantsPage = lazyRoute(() => import('../views/restaurants/restaurants-page'));
const RestaurantPage = lazyRoute(() => import('../views/restaurants/restaurant-page'));
const TakeawayMenuPage = lazyRoute(() => import('../views/takeaway-menu/takeaway-menu-page'));
const ProductBoxPage = lazyRoute(() => import('../views/product-box/product-box-page'));
const RestaurantFinderPage = lazyRoute(
  () => import('../views/restaurant-finder/restaurant-finder-page'),
);
const PastaTypePage = lazyRoute(() => import('../views/pasta-type/pasta-type-page'));
const TakeawayTrackingPage = lazyRoute(
  () => import('../views/takeaway-tracking/takeaway-tracking-page'),
);
const RatingPage = lazyRoute(() => import('../views/rating/rating-page'));
const OrderPage = lazyRoute(() => import('../views/order-page/order-page'));
const OrderEditPage = lazyRoute(() => import('../views/order-edit/order-edit-page'));
const ScheduleWeekPage = lazyRoute(() => import('../views/schedule-week/schedule-week-page'));
const ChooseRecipesPage = lazyRoute(() => import('../views/schedule-week/choose-recipes-page'));
const ChangeDeliveryDatePage = lazyRoute(
  () => import('../views/schedule-week/change-delivery-date-page'),
);
const OneOffBoxPage = lazyRoute(() => import('../views/schedule-week/one-off-box-page'));
const RatingConfirmationPage = lazyRoute(() => import('../views/rating/rating-confirmation-page'));
const TakeawayCheckoutFlow = lazyRoute(
  () => import('../views/takeaway-checkout/takeaway-checkout-flow'),
);
const KitCheckoutFlow = lazyRoute(() => import('../views/kit-checkout/kit-checkout-flow'));
const OrderPaymentPage = lazyRoute(() => import('../views/order-payment/order-payment-page'));
const PaymentSuccessPage = lazyRoute(() => import('../views/order-payment/payment-success-page'));
// The statechart viewer (/flows) or the not-found page: one chunk for every other path.
const OtherPaths = lazyRoute(() => import('./other-paths'));
const VerifyEmailPage = lazyRoute(() => import('../views/verify-email/verify-email-page'));
// Development only: the server answers /dev/design only with DEV_TOOLS on (server/app.ts).
const DesignPage = lazyRoute(() => import('../views/dev-design/design-page'));

/**
 * Product rule R1.13: every screen of `APP_ROUTES` has its element here (a route without one fails
 * to compile). Paths sharing one element (the auth steps, the takeaway checkout and its wallet
 * returns) keep one flow running while the customer moves between them.
 */
const authFlow = <AuthFlow />;
const takeawayCheckout = <TakeawayCheckoutFlow />;
const routeElements = {
  home: <Navigate to={APP_ROUTES.addressSearch} replace />,
  products: <Navigate to={APP_ROUTES.productBox} replace />,
  addressSearch: <AddressSearchPage />,
  socialLogin: authFlow,
  signup: authFlow,
  login: authFlow,
  forgotPassword: authFlow,
  resetPassword: authFlow,
  takeawayMenu: <TakeawayMenuPage />,
  productBox: <ProductBoxPage />,
  restaurantFinder: <RestaurantFinderPage />,
  takeawayCheckout,
  walletConfirmation: takeawayCheckout,
  walletSetupConfirmation: takeawayCheckout,
  pastaType: <PastaTypePage />,
  takeawayBasket: <BasketRedirect signedInTo={APP_ROUTES.takeawayMenu} />,
  kitBasket: <BasketRedirect signedInTo={APP_ROUTES.productBox} />,
  kitCheckout: <KitCheckoutFlow />,
  paymentSuccess: <PaymentSuccessPage />,
  orderPayment: <OrderPaymentPage />,
  verifyEmail: <VerifyEmailPage />,
  support: <SupportPage />,
  supportSuccess: <SupportSuccessPage />,
  nextOrderVoucher: <NextOrderVoucherPage />,
  restaurants: <RestaurantsPage />,
  restaurant: <RestaurantPage />,
  tracking: <TakeawayTrackingPage />,
  order: <OrderPage />,
  orderEdit: <OrderEditPage />,
  scheduleWeek: <ScheduleWeekPage />,
  chooseRecipes: <ChooseRecipesPage />,
  changeDeliveryDate: <ChangeDeliveryDatePage />,
  oneOffBox: <OneOffBoxPage />,
  rating: <RatingPage />,
  ratingConfirmation: <RatingConfirmationPage />,
  // The account's own router (account-layout.tsx) draws its children from ACCOUNT_ROUTES.
  account: <AccountLayout />,
} satisfies Record<Exclude<AppRoute, AccountRoute>, ReactElement>;

const routes = Object.entries(routeElements) as [Exclude<AppRoute, AccountRoute>, ReactElement][];
const pathOf = (route: Exclude<AppRoute, AccountRoute>) =>
  route === 'account' ? `${APP_ROUTES.account}/*` : APP_ROUTES[route];

export function App() {
  const { pathname, search } = useLocation();
  // Product rule R12.11: a referral link's token waits for the sign-up, wherever it happens.
  useEffect(() => keepReferralFrom(search), [search]);
  return (
    <AppLayout>
      <ScreenErrorBoundary pathname={pathname}>
        <Suspense
          fallback={
            <p className="page-loading" role="status">
              Loading…
            </p>
          }
        >
          <Routes>
            {routes.map(([route, element]) => (
              <Route key={route} path={pathOf(route)} element={element} />
            ))}
            <Route path="/dev/design" element={<DesignPage />} />
            <Route path="*" element={<OtherPaths />} />
          </Routes>
          <PressEarlyTap />
        </Suspense>
      </ScreenErrorBoundary>
    </AppLayout>
  );
}
