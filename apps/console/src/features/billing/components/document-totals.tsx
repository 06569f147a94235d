import { documentTotalsRows, formatMoney, fromSen, type TotalsFigures } from '@patrol/domain';

/**
 * The totals block under a document's lines, laid out as every PDF prints it (libs/domain's
 * documentTotalsRows): Subtotal before discount, Discount, Subtotal, tax per rate, Total.
 */
export function DocumentTotals({ figures }: { figures: TotalsFigures }) {
  const rows = documentTotalsRows(figures);
  return (
    <dl
      className="ml-auto grid w-full max-w-xs grid-cols-2 gap-1 text-sm tabular-nums"
      aria-label="Totals"
    >
      {rows.map((row) => {
        const total = row.key === 'total';
        const amount = formatMoney(fromSen(row.amountSen));
        return (
          <div key={row.label} className="contents">
            <dt className={total ? 'font-semibold' : 'text-muted-foreground'}>{row.label}</dt>
            <dd className={total ? 'text-right font-semibold' : 'text-right'}>
              {row.key === 'discount' ? `-${amount}` : amount}
            </dd>
          </div>
        );
      })}
    </dl>
  );
}
