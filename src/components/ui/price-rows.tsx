import type { ReactNode } from 'react';

export interface PriceRowItem {
  label: ReactNode;
  /** Already formatted (product rule R13.1), e.g. "£12.50" or "−£2.00". */
  amount: ReactNode;
  kind?: 'discount' | 'total';
}

/** Totals as a description list: label left, amount right, the total last and emphasised. */
export function PriceRows({ rows, className }: { rows: PriceRowItem[]; className?: string }) {
  return (
    <dl className={['price-rows', className].filter(Boolean).join(' ')}>
      {rows.map((row, index) => (
        <div key={index} className={row.kind ? `price-row price-row--${row.kind}` : 'price-row'}>
          <dt>{row.label}</dt>
          <dd>{row.amount}</dd>
        </div>
      ))}
    </dl>
  );
}
