import { ComingSoon } from '@/components/layout/coming-soon';
import { PageHeader } from '@/components/layout/page-header';

/** The billing workspace (/billing). */
export function BillingPage() {
  return (
    <>
      <PageHeader
        title="Billing Dashboard"
        subtitle="Products, quotations, invoices, receipts and reports"
      />
      <ComingSoon description="The billing dashboard with products, quotations, invoices, receipts and reports tabs will appear here." />
    </>
  );
}
