import { reportMessages } from '@patrol/contracts';
import { FormField } from '@/components/form-field';
import { Input } from '@/components/ui/input';
import type { ReportPeriodChoice } from '@/features/billing/api/reports';

/** The From and To of a custom report period; To before From is said under To. */
export function ReportCustomRange({
  period,
  onChange: setPeriod,
  outOfOrder: customOutOfOrder,
}: {
  period: ReportPeriodChoice;
  onChange: (period: ReportPeriodChoice) => void;
  outOfOrder: boolean;
}) {
  return (
    <>
      <div className="md:w-44">
        <FormField id="report-from" label="From">
          <Input
            id="report-from"
            type="date"
            value={period.dateFrom ?? ''}
            onChange={(event) =>
              setPeriod({ ...period, dateFrom: event.target.value || undefined })
            }
          />
        </FormField>
      </div>
      <div className="md:w-44">
        <FormField
          id="report-to"
          label="To"
          error={customOutOfOrder ? reportMessages.rangeOrder : undefined}
        >
          <Input
            id="report-to"
            type="date"
            value={period.dateTo ?? ''}
            onChange={(event) => setPeriod({ ...period, dateTo: event.target.value || undefined })}
          />
        </FormField>
      </div>
    </>
  );
}
