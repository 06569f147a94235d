import type { Quotation } from '@patrol/contracts';
import { formatBusinessDate, formatMoney } from '@patrol/domain';
import { StatusBadge } from '@/components/status-badge';
import { humanise, quotationStatusTones } from '@/features/billing/lib/billing-labels';
import { DetailList, DetailsDialog, DocumentClient } from './detail-list';

/** Quotation Details: client, status, dates, items and the totals. */
export function QuotationDetailsDialog({
  quotation,
  onOpenChange,
}: {
  quotation: Quotation | null;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <DetailsDialog
      open={quotation !== null}
      onOpenChange={onOpenChange}
      title="Quotation Details"
      description={quotation?.quotationNumber}
      wide
    >
      {quotation && (
        <>
          <DetailList
            items={[
              ['Client', <DocumentClient client={quotation.clientInfo} />],
              ['Status', <StatusBadge status={quotation.status} tones={quotationStatusTones} />],
              ['Date', formatBusinessDate(quotation.quotationDate)],
              [
                'Valid until',
                `${formatBusinessDate(quotation.validUntil)} (${quotation.validityDays} days)`,
              ],
              ['Payment terms', humanise(quotation.paymentTerms)],
              ['Notes', quotation.notes || '—'],
            ]}
          />
          <ul className="divide-y rounded-md border text-sm">
            {quotation.items.map((item) => (
              <li key={item.id} className="flex items-start justify-between gap-4 p-3">
                <div className="min-w-0">
                  <div className="font-medium">{item.productName}</div>
                  {item.description && (
                    <div className="text-muted-foreground">{item.description}</div>
                  )}
                  <div className="text-muted-foreground tabular-nums">
                    {item.quantity} x {formatMoney(item.unitPrice)}
                    {item.discount > 0 && ` less ${item.discount}%`}
                  </div>
                </div>
                <div className="font-medium tabular-nums">{formatMoney(item.lineTotal)}</div>
              </li>
            ))}
          </ul>
          <DocumentTotals
            rows={[
              ['Subtotal', quotation.subtotal],
              ['Discounts', quotation.discountAmount],
              [`SST (${Math.round(quotation.taxRate * 1000) / 10}%)`, quotation.taxAmount],
            ]}
            total={quotation.totalAmount}
          />
        </>
      )}
    </DetailsDialog>
  );
}

/** The money summary under a document's lines, the total last and in bold. */
export function DocumentTotals({
  rows,
  total,
}: {
  rows: readonly (readonly [string, number])[];
  total: number;
}) {
  return (
    <dl className="ml-auto grid w-full max-w-xs grid-cols-2 gap-1 text-sm tabular-nums">
      {rows.map(([label, amount]) => (
        <div key={label} className="contents">
          <dt className="text-muted-foreground">{label}</dt>
          <dd className="text-right">{formatMoney(amount)}</dd>
        </div>
      ))}
      <dt className="font-semibold">Total</dt>
      <dd className="text-right font-semibold">{formatMoney(total)}</dd>
    </dl>
  );
}
