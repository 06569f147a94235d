import type {
  BillingDateRange,
  PaymentEntryStatus,
  PaymentMethod,
  PaymentStatus,
  PaymentValidationStatus,
  QuotationStatus,
  TransactionType,
} from '@patrol/contracts';
import { humanise } from '@patrol/domain';
import type { StatusTones } from '@/components/status-badge';

export { humanise };

export const quotationStatusTones: StatusTones<QuotationStatus> = {
  draft: 'secondary',
  sent: 'warning',
  accepted: 'success',
  rejected: 'danger',
  closed: 'inactive',
  expired: 'danger',
  converted: 'success',
};

export const paymentStatusTones: StatusTones<PaymentStatus> = {
  unpaid: 'warning',
  pending: 'warning',
  partial: 'warning',
  paid: 'success',
  overpaid: 'success',
  overdue: 'danger',
  cancelled: 'inactive',
  refunded: 'inactive',
};

export const validationStatusTones: StatusTones<PaymentValidationStatus> = {
  none: 'inactive',
  pending_validation: 'warning',
  validated: 'success',
  validation_rejected: 'danger',
};

export const validationStatusLabels: Record<PaymentValidationStatus, string> = {
  none: 'Not submitted',
  pending_validation: 'Pending validation',
  validated: 'Validated',
  validation_rejected: 'Rejected',
};

export const paymentEntryStatusTones: StatusTones<PaymentEntryStatus> = {
  pending_validation: 'warning',
  validated: 'success',
  rejected: 'danger',
};

export const paymentEntryStatusLabels: Record<PaymentEntryStatus, string> = {
  pending_validation: 'Awaiting validation',
  validated: 'Validated',
  rejected: 'Rejected',
};

export const transactionTypeTones: StatusTones<TransactionType> = {
  full_payment: 'success',
  partial_payment: 'warning',
  overpayment: 'warning',
  advance_payment: 'secondary',
  refund: 'inactive',
};

export function paymentMethodLabel(method: PaymentMethod): string {
  return humanise(method);
}

/** The date-range filter of the invoices and receipts tabs. */
export const dateRangeLabels: Record<BillingDateRange, string> = {
  today: 'Today',
  week: 'Last 7 days',
  month: 'This month',
  quarter: 'This quarter',
};
