import type { Quotation, QuotationSummary } from '@patrol/contracts';
import { formatMoney, taxGroupLabel, totalsFiguresOf } from '@patrol/domain';
import { formatBusinessDate } from '@/lib/company-time';
import { StatusBadge } from '@/components/status-badge';
import { humanise, quotationStatusTones } from '@/features/billing/lib/billing-labels';
import {
  DetailList,
  DetailsDialog,
  DetailsLoadingState,
  DocumentClient,
  type DetailsLoading,
} from './detail-list';
import { DocumentTotals } from './document-totals';
import { LicenceLineNote } from './licence-line-note';

/** Quotation Details: client, status, dates, items and the totals. */
export function QuotationDetailsDialog({
  quotation,
  loading,
  onOpenChange,
}: {
  quotation: Quotation | null;
  /** Opens the dialog before `quotation` has loaded (a status, or the failure with Try Again). */
  loading?: (DetailsLoading & { summary: Pick<QuotationSummary, 'quotationNumber'> }) | null;
  onOpenChange: (open: boolean) => void;
}) {
  const heading = quotation ?? loading?.summary;
  return (
    <DetailsDialog
      open={heading !== undefined}
      onOpenChange={onOpenChange}
      title="Quotation Details"
      description={heading?.quotationNumber}
      wide
    >
      {!quotation && loading && <DetailsLoadingState what="quotation" loading={loading} />}
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
                  <LicenceLineNote line={item} />
                  {item.description && (
                    <div className="text-muted-foreground">{item.description}</div>
                  )}
                  <div className="text-muted-foreground tabular-nums">
                    {item.quantity} x {formatMoney(item.unitPrice)}
                    {item.discount > 0 && ` less ${item.discount}%`} · {taxGroupLabel(item)}
                  </div>
                </div>
                <div className="font-medium tabular-nums">{formatMoney(item.lineTotal)}</div>
              </li>
            ))}
          </ul>
          <DocumentTotals figures={totalsFiguresOf(quotation)} />
        </>
      )}
    </DetailsDialog>
  );
}
