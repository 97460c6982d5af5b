import { Suspense } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router-dom';
import { BasketRedirect } from '../views/basket-redirect/basket-redirect';
import { AppLayout } from './layout/app-layout';
import { ScreenErrorBoundary } from './layout/screen-error-boundary';
import { lazyRoute } from './lazy-route';
import { WALLET_PATHS } from '../flows/wallet-paths';

// Every screen is its own chunk: the first load carries only the shell and the screen asked for.
const AddressSearchPage = lazyRoute(() => import('../views/address-search/address-search-page'));
const AuthFlow = lazyRoute(() => import('../views/auth/auth-flow'));
const AccountLayout = lazyRoute(() => import('../views/account/account-layout'));
const SupportPage = lazyRoute(() => import('../views/support/support-page'));
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
const RatingConfirmationPage = lazyRoute(() => import('../views/rating/rating-confirmation-page'));
const TakeawayCheckoutFlow = lazyRoute(
  () => import('../views/takeaway-checkout/takeaway-checkout-flow'),
);
const KitCheckoutFlow = lazyRoute(() => import('../views/kit-checkout/kit-checkout-flow'));
const OrderPaymentPage = lazyRoute(() => import('../views/order-payment/order-payment-page'));
const PaymentSuccessPage = lazyRoute(() => import('../views/order-payment/payment-success-page'));
const NotFoundPage = lazyRoute(() => import('../components/not-found-page'));
const VerifyEmailPage = lazyRoute(() => import('../views/verify-email/verify-email-page'));
// Development only: the server answers /dev/design only with DEV_TOOLS on (server/app.ts).
const DesignPage = lazyRoute(() => import('../views/dev-design/design-page'));

/** The takeaway checkout's steps and the wallet's return screens: one element keeps one flow. */
export const TAKEAWAY_CHECKOUT_ROUTES = [
  '/pasta-now-checkout',
  '/pasta-now-checkout/*',
  WALLET_PATHS.confirmation,
  WALLET_PATHS.setupConfirmation,
];

export const AUTH_ROUTES = [
  '/social-login',
  '/signup',
  '/login',
  '/forgot-password',
  '/reset-password',
];

export function App() {
  const { pathname } = useLocation();
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
            <Route path="/" element={<Navigate to="/pasta-now-search-address" replace />} />
            <Route path="/products" element={<Navigate to="/menu" replace />} />
            <Route path="/pasta-now-search-address" element={<AddressSearchPage />} />
            {/* One element for every auth path, so moving between steps keeps the flow's actor. */}
            {AUTH_ROUTES.map((path) => (
              <Route key={path} path={path} element={<AuthFlow />} />
            ))}
            <Route path="/pasta-now" element={<TakeawayMenuPage />} />
            <Route path="/menu" element={<ProductBoxPage />} />
            <Route path="/pasta-now-find" element={<RestaurantFinderPage />} />
            {TAKEAWAY_CHECKOUT_ROUTES.map((path) => (
              <Route key={path} path={path} element={<TakeawayCheckoutFlow />} />
            ))}
            <Route path="/pasta-type" element={<PastaTypePage />} />
            <Route path="/my-basket" element={<BasketRedirect signedInTo="/pasta-now" />} />
            <Route path="/my-rk-basket" element={<BasketRedirect signedInTo="/menu" />} />
            {/* One element for every kit checkout path, so moving between steps keeps the flow. */}
            {['/checkout', '/checkout/*'].map((path) => (
              <Route key={path} path={path} element={<KitCheckoutFlow />} />
            ))}
            <Route path="/account/*" element={<AccountLayout />} />
            <Route path="/payment/success" element={<PaymentSuccessPage />} />
            <Route path="/payment/:orderId" element={<OrderPaymentPage />} />
            <Route path="/verify-email" element={<VerifyEmailPage />} />
            <Route path="/support" element={<SupportPage />} />
            <Route path="/restaurants" element={<RestaurantsPage />} />
            <Route path="/restaurant/:restaurantId" element={<RestaurantPage />} />
            <Route path="/takeaway/track/:orderId" element={<TakeawayTrackingPage />} />
            <Route path="/rate-my-takeaway" element={<RatingPage />} />
            <Route path="/rate-my-takeaway/confirmation" element={<RatingConfirmationPage />} />
            <Route path="/dev/design" element={<DesignPage />} />
            <Route path="*" element={<NotFoundPage />} />
          </Routes>
        </Suspense>
      </ScreenErrorBoundary>
    </AppLayout>
  );
}
