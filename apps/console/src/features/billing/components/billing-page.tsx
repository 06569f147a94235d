import { useSearchParams } from 'react-router-dom';
import { ComingSoon } from '@/components/layout/coming-soon';
import { PageHeader } from '@/components/layout/page-header';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import {
  billingTabs,
  readBillingTab,
  type BillingTab,
} from '@/features/billing/lib/billing-params';
import { InvoicesTab } from './invoices-tab';
import { ProductsTab } from './products-tab';
import { QuotationsTab } from './quotations-tab';
import { ReceiptsTab } from './receipts-tab';

const tabLabels: Record<BillingTab, string> = {
  dashboard: 'Dashboard',
  products: 'Products',
  quotations: 'Quotations',
  invoices: 'Invoices',
  receipts: 'Receipts',
  reports: 'Reports',
};

/** The billing workspace (/billing), one tab at a time from the `tab` query parameter. */
export function BillingPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const tab = readBillingTab(searchParams);
  // A tab's filters belong to it: switching tabs starts from a clean URL.
  const selectTab = (next: string) => setSearchParams(next === 'dashboard' ? {} : { tab: next });

  return (
    <>
      <PageHeader
        title="Billing Dashboard"
        subtitle="Products, quotations, invoices, receipts and reports"
      />
      <Tabs value={tab} onValueChange={selectTab}>
        <TabsList className="h-auto flex-wrap">
          {billingTabs.map((value) => (
            <TabsTrigger key={value} value={value}>
              {tabLabels[value]}
            </TabsTrigger>
          ))}
        </TabsList>
        <TabsContent value="dashboard">
          <ComingSoon description="The billing dashboard's cards, financial overview, revenue trends and recent activity will appear here. Products, quotations, invoices and receipts are in their tabs." />
        </TabsContent>
        <TabsContent value="products">
          <ProductsTab />
        </TabsContent>
        <TabsContent value="quotations">
          <QuotationsTab />
        </TabsContent>
        <TabsContent value="invoices">
          <InvoicesTab />
        </TabsContent>
        <TabsContent value="receipts">
          <ReceiptsTab />
        </TabsContent>
        <TabsContent value="reports">
          <ComingSoon description="Overview, financial, aging and performance reports with export will appear here." />
        </TabsContent>
      </Tabs>
    </>
  );
}
