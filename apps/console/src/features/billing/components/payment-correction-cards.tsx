import type { Invoice } from '@patrol/contracts';
import { ordinal, paymentCorrectionActionRequired } from '@patrol/domain';
import { formatBusinessDateTime } from '@/lib/company-time';
import { AlertTriangleIcon } from 'lucide-react';

/**
 * Each rejection of the invoice's payments as a 'Payment correction required' card. Staff only:
 * who rejected and why never reaches the client's PDF, notes or messages.
 */
export function PaymentCorrectionCards({
  rejections,
}: {
  rejections: Invoice['rejectionHistory'];
}) {
  return rejections.map((rejection) => (
    <section
      key={rejection.rejectionNumber}
      aria-label={`Payment correction ${rejection.rejectionNumber}`}
      className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-900"
    >
      <h3 className="flex items-center gap-2 font-semibold">
        <AlertTriangleIcon aria-hidden="true" className="size-4" />
        Payment correction required ({ordinal(rejection.rejectionNumber)} rejection)
      </h3>
      <p className="mt-1">
        Rejected by {rejection.rejectedBy} on {formatBusinessDateTime(rejection.rejectedAt)}
      </p>
      <p className="mt-1">
        <span className="font-medium">Reason:</span> {rejection.rejectionReason}
      </p>
      {rejection.validationNotes && (
        <p className="mt-1">
          <span className="font-medium">Remarks:</span> {rejection.validationNotes}
        </p>
      )}
      <p className="mt-1 font-medium">{paymentCorrectionActionRequired}</p>
    </section>
  ));
}
