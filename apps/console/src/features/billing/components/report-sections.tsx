import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import type { ReportData, ReportPeriodChoice } from '@/features/billing/api/reports';
import { AgingReport } from './aging-report';
import { FinancialReport } from './financial-report';
import { OverviewReport } from './overview-report';
import { PerformanceReport } from './performance-report';

/** The report's four sub-tabs: overview, financial, aging and performance. */
export function ReportSections({
  report,
  period,
}: {
  report: ReportData;
  period: ReportPeriodChoice;
}) {
  return (
    <Tabs defaultValue="overview">
      <TabsList>
        <TabsTrigger value="overview">Overview</TabsTrigger>
        <TabsTrigger value="financial">Financial</TabsTrigger>
        <TabsTrigger value="aging">Aging</TabsTrigger>
        <TabsTrigger value="performance">Performance</TabsTrigger>
      </TabsList>
      <TabsContent value="overview">
        <OverviewReport report={report} />
      </TabsContent>
      <TabsContent value="financial">
        <FinancialReport report={report} period={period} />
      </TabsContent>
      <TabsContent value="aging">
        <AgingReport report={report} period={period} />
      </TabsContent>
      <TabsContent value="performance">
        <PerformanceReport report={report} period={period} />
      </TabsContent>
    </Tabs>
  );
}
