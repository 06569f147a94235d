import { ChartColumnIcon } from 'lucide-react';
import { Card, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';

/**
 * The place of Business Performance (spec 1 section 2.6: revenue metrics, operations and the
 * three percentage tiles). Its figures come from GET /api/business/dashboard-stats, which the
 * billing module provides; until then it says so rather than showing invented numbers.
 */
export function BusinessPerformanceSection() {
  return (
    <Card className="gap-2 border-dashed bg-muted/30 py-4 shadow-none">
      <CardHeader className="px-4">
        <CardTitle className="flex items-center gap-2 text-sm">
          <ChartColumnIcon aria-hidden="true" className="size-4 text-muted-foreground" />
          Business Performance
        </CardTitle>
        <CardDescription>Billing data arrives with the billing module</CardDescription>
      </CardHeader>
    </Card>
  );
}
