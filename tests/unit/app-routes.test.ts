import { describe, expect, it } from 'vitest';
import { APP_ROUTES, isAppPath, matchesRoute } from '../../domain/app-routes';
import { WALLET_PATHS } from '../../src/flows/wallet-paths';

describe('matchesRoute', () => {
  it.each([
    ['/', '/'],
    ['/menu', '/menu'],
    ['/menu', '/menu/'],
    ['/payment/:orderId', '/payment/12'],
    ['/checkout/*', '/checkout'],
    ['/checkout/*', '/checkout/delivery/address'],
  ])('%s matches %s', (pattern, path) => {
    expect(matchesRoute(pattern, path)).toBe(true);
  });

  it.each([
    ['/', '/menu'],
    ['/menu', '/menus'],
    ['/menu', '/menu/extra'],
    ['/payment/:orderId', '/payment'],
    ['/payment/:orderId', '/payment/12/more'],
    ['/checkout/*', '/checkouts'],
  ])('%s does not match %s', (pattern, path) => {
    expect(matchesRoute(pattern, path)).toBe(false);
  });
});

describe('isAppPath', () => {
  it('reads the path without its query or hash', () => {
    expect(isAppPath('/login?returnTo=%2Faccount')).toBe(true);
    expect(isAppPath('/support#contact')).toBe(true);
  });

  it('knows no screen the app does not have', () => {
    expect(isAppPath('/gift-boxes')).toBe(false);
    expect(isAppPath('/account/payment-methods')).toBe(false);
    expect(isAppPath('/account/pasta-plan')).toBe(true);
  });

  it("keeps the wallet's return screens in step with the wallet", () => {
    expect(APP_ROUTES.walletConfirmation).toBe(WALLET_PATHS.confirmation);
    expect(APP_ROUTES.walletSetupConfirmation).toBe(WALLET_PATHS.setupConfirmation);
  });
});
