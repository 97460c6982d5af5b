import { useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { flash } from '../../components/flash/flash-store';
import { keepNextOrderVoucher } from '../../components/next-order-voucher';
import { APP_ROUTES } from '../../../domain/app-routes';
import { VOUCHER_MESSAGES } from '../../../domain/voucher';
import { isVoucherCodeShape, nextOrderVoucherNotice } from '../../../domain/next-order-voucher';

/**
 * /next-order-voucher?vc=CODE. Product rules R1.18 and R12.8: keeps the code for the next basket,
 * says so, and lands on /; without a code it goes straight to /; a code that cannot be one says
 * 'Invalid code' (R12.4).
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
    if (code) {
      if (isVoucherCodeShape(code)) flash(nextOrderVoucherNotice(keepNextOrderVoucher(code)));
      else flash(VOUCHER_MESSAGES.invalidCode, 'error');
    }
    navigate(APP_ROUTES.home, { replace: true });
  }, [code, navigate]);
  return null;
}
