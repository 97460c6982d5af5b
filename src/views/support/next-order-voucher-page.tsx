import { useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { findBasket } from '../../api/basket-calls';
import { flash } from '../../components/flash/flash-store';
import { keepNextOrderVoucher } from '../../components/next-order-voucher';
import { APP_ROUTES } from '../../../domain/app-routes';
import { VOUCHER_MESSAGES } from '../../../domain/voucher';
import { isVoucherCodeShape, nextOrderVoucherNotice } from '../../../domain/next-order-voucher';

/** The customer's recipe-kit box, if they have one (none when signed out or unreadable). */
const hasKitBasket = () =>
  findBasket('RecipeKitBasket').then(
    (basket) => basket !== undefined,
    () => false,
  );

/**
 * /next-order-voucher?vc=CODE. Product rules R1.18, R12.8 and R12.14: keeps the code for the next
 * basket; with a recipe-kit box already there, goes to the box (the kit menu), which applies it
 * and says so; else says it will be applied and lands on /. Without a code it goes straight to
 * /; a code that cannot be one says 'Invalid code' (R12.4).
 */
export default function NextOrderVoucherPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const code = params.get('vc')?.trim() ?? '';
  const handled = useRef(false);
  useEffect(() => {
    // Once: StrictMode runs effects twice in development, and one toast is what the link means.
    if (handled.current) return;
    handled.current = true;
    if (!code || !isVoucherCodeShape(code)) {
      if (code) flash(VOUCHER_MESSAGES.invalidCode, 'error');
      navigate(APP_ROUTES.home, { replace: true });
      return;
    }
    const kept = keepNextOrderVoucher(code);
    void hasKitBasket().then((hasBox) => {
      if (hasBox) {
        navigate(APP_ROUTES.productBox, { replace: true });
        return;
      }
      flash(nextOrderVoucherNotice(kept));
      navigate(APP_ROUTES.home, { replace: true });
    });
  }, [code, navigate]);
  return (
    <p className="page" role="status">
      Applying your voucher…
    </p>
  );
}
