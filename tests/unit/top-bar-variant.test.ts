import { describe, expect, it } from 'vitest';
import { topBarVariant } from '../../src/app/layout/top-bar-variant';

describe('topBarVariant', () => {
  it.each([
    ['/menu', 'productBox'],
    ['/one-off/menu', 'productBox'],
    ['/gift-boxes', 'productBox'],
    ['/checkout/delivery/address', 'checkout'],
    ['/one-off/checkout/payment', 'checkout'],
    ['/one-off/login', 'checkout'],
    ['/pasta-now-checkout/payment', 'checkout'],
    ['/catering-checkout/continue', 'checkout'],
    ['/dine-in-checkout/tipping', 'checkout'],
    ['/events-checkout/addons', 'checkout'],
    ['/pasta-now', 'takeaway'],
    ['/pasta-type', 'takeaway'],
    ['/takeaway/track/12', 'takeaway'],
    ['/my-basket', 'takeaway'],
    ['/pasta-now-search-address', 'default'],
    ['/account/dashboard', 'default'],
    ['/menus', 'default'],
  ])('%s -> %s', (path, variant) => {
    expect(topBarVariant(path)).toBe(variant);
  });
});
