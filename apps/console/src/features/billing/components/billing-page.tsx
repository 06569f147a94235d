import { canPerform } from '@patrol/domain';
import { lazy, Suspense } from 'react';
import { useSearchParams } from 'react-router-dom';
import { PageHeader } from '@/components/layout/page-header';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import {
  billingTabs,
  readBillingTab,
  type BillingTab,
} from '@/features/billing/lib/billing-params';
import { useAuth } from '@/lib/auth';
import { BillingDashboardTab } from './billing-dashboard-tab';
import { EinvoicesTab } from './einvoices-tab';
import { InvoicesTab } from './invoices-tab';
import { ProductsTab } from './products-tab';
import { QuotationsTab } from './quotations-tab';
import { ReceiptsTab } from './receipts-tab';
import { RenewalsTab } from './renewals-tab';

// The reports tab brings the chart library; it loads only when the tab is opened.
const ReportsTab = lazy(() =>
  import('./reports-tab').then((module) => ({ default: module.ReportsTab })),
);

const tabLabels: Record<BillingTab, string> = {
  dashboard: 'Dashboard',
  products: 'Products',
  quotations: 'Quotations',
  invoices: 'Invoices',
  receipts: 'Receipts',
  einvoices: 'e-Invoices',
  renewals: 'Renewals',
  reports: 'Reports',
};

/** The billing workspace (/billing), one tab at a time from the `tab` query parameter. */
export function BillingPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const { user } = useAuth();
  // The Reports tab exists only for those its route lets in; a link to it opens the dashboard.
  const tabs = billingTabs.filter(
    (value) => value !== 'reports' || canPerform(user, 'viewReports'),
  );
  const requested = readBillingTab(searchParams);
  const tab = tabs.includes(requested) ? requested : 'dashboard';
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
          {tabs.map((value) => (
            <TabsTrigger key={value} value={value}>
              {tabLabels[value]}
            </TabsTrigger>
          ))}
        </TabsList>
        <TabsContent value="dashboard">
          <BillingDashboardTab />
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
        <TabsContent value="einvoices">
          <EinvoicesTab />
        </TabsContent>
        <TabsContent value="renewals">
          <RenewalsTab />
        </TabsContent>
        {tabs.includes('reports') && (
          <TabsContent value="reports">
            <Suspense
              fallback={<p className="p-4 text-sm text-muted-foreground">Loading reports...</p>}
            >
              <ReportsTab />
            </Suspense>
          </TabsContent>
        )}
      </Tabs>
    </>
  );
}
