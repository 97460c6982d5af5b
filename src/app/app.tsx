import { lazy, Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';

// Every screen is its own chunk: the first load carries only the shell and the screen asked for.
// Owners: address search (landing), auth flow, app shell/account/restaurants/support.
const AddressSearchPage = lazy(() => import('../views/address-search/address-search-page'));
const AuthFlow = lazy(() => import('../views/auth/auth-flow'));
const AccountLayout = lazy(() => import('../views/account/account-layout'));
const SupportPage = lazy(() => import('../views/support/support-page'));
const RestaurantsPage = lazy(() => import('../views/restaurants/restaurants-page'));
const RestaurantPage = lazy(() => import('../views/restaurants/restaurant-page'));
const NotFoundPage = lazy(() => import('../views/not-found/not-found-page'));

export function App() {
  return (
    <Suspense fallback={null}>
      <Routes>
        <Route path="/" element={<Navigate to="/pasta-now-search-address" replace />} />
        <Route path="/products" element={<Navigate to="/menu" replace />} />
        <Route path="/pasta-now-search-address" element={<AddressSearchPage />} />
        {['/social-login', '/signup', '/login', '/forgot-password', '/reset-password'].map((path) => (
          <Route key={path} path={path} element={<AuthFlow />} />
        ))}
        <Route path="/account/*" element={<AccountLayout />} />
        <Route path="/support" element={<SupportPage />} />
        <Route path="/restaurants" element={<RestaurantsPage />} />
        <Route path="/restaurant/:restaurantId" element={<RestaurantPage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Routes>
    </Suspense>
  );
}
