export type TopBarVariant = 'productBox' | 'checkout' | 'takeaway' | 'default';

const CHECKOUT =
  /^\/(checkout|one-off\/checkout|pasta-now-checkout|catering-checkout|dine-in-checkout|events-checkout)(\/|$)/;
const ONE_OFF_STEPS = /^\/one-off\/(continue|signup|login)(\/|$)/;
const PRODUCT_BOX = /^\/(menu|one-off\/menu|gift-boxes)(\/|$)/;
const TAKEAWAY = /^\/(pasta-now|pasta-now-find|pasta-type|takeaway|my-basket)(\/|$)/;

/** Product rule R1.2: the top bar has product box, checkout, takeaway and default variants. */
export function topBarVariant(pathname: string): TopBarVariant {
  if (CHECKOUT.test(pathname) || ONE_OFF_STEPS.test(pathname)) return 'checkout';
  if (PRODUCT_BOX.test(pathname)) return 'productBox';
  if (TAKEAWAY.test(pathname)) return 'takeaway';
  return 'default';
}
