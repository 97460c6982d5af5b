import { useEffect, useState } from 'react';
import { TextField } from './form/text-field';
import { forgetNextOrderVoucher, nextOrderVoucher } from './next-order-voucher';

interface VoucherFormProps {
  /** The applied voucher, if any. */
  voucher: { code: string } | null;
  /** Why the last code was refused (product rule R12.4), shown on the field. */
  error?: string;
  canApply: boolean;
  canRemove: boolean;
  onApply: (code: string) => void;
  onRemove: () => void;
}

/** A basket's voucher: a labelled code field and Apply, or the applied code and Remove. */
export function VoucherForm({
  voucher,
  error,
  canApply,
  canRemove,
  onApply,
  onRemove,
}: VoucherFormProps) {
  // Product rule R12.8: a code kept from a /next-order-voucher link waits in the field.
  const [code, setCode] = useState(() => nextOrderVoucher() ?? '');
  const applied = voucher?.code;
  useEffect(() => {
    if (applied && applied === nextOrderVoucher()) forgetNextOrderVoucher();
  }, [applied]);
  return (
    <div className="basket__voucher">
      {voucher ? (
        <p role="status">
          Voucher <strong>{voucher.code}</strong> applied.{' '}
          <button
            type="button"
            className="button button--link"
            disabled={!canRemove}
            onClick={onRemove}
          >
            Remove voucher
          </button>
        </p>
      ) : (
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            if (code.trim()) onApply(code);
          }}
        >
          <TextField
            id="voucher-code"
            label="Voucher code"
            value={code}
            autoComplete="off"
            error={error}
            onChange={(event) => setCode(event.target.value)}
          />
          <button
            type="submit"
            className="button button--secondary"
            disabled={!canApply || !code.trim()}
          >
            Apply voucher
          </button>
        </form>
      )}
    </div>
  );
}
