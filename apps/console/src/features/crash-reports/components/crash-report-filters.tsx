import { crashKindLabels, crashKinds, crashSeverities, crashStatuses } from '@patrol/contracts';
import { crashStatusLabel, severityLabel } from '@patrol/domain';
import { XIcon } from 'lucide-react';
import { FormField, fieldErrorProps } from '@/components/form-field';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import type { CrashReportFilterOptions } from '@/features/crash-reports/api/get-crash-report-filter-options';
import {
  activeFilterCount,
  dateOrderError,
  type CrashScreenState,
} from '@/features/crash-reports/lib/crash-report-params';
import { useDebouncedText } from '@/features/crash-reports/lib/use-debounced-text';

type CrashReportFiltersProps = {
  state: CrashScreenState;
  options: CrashReportFilterOptions | undefined;
  onChange: (changes: Partial<CrashScreenState>) => void;
};

/** The values to offer: the stored ones, plus the one in the URL if no report has it any more. */
function withCurrent(values: string[] | undefined, current: string | undefined): string[] {
  const list = values ?? [];
  return current && !list.includes(current) ? [current, ...list] : list;
}

function SelectFilter({
  id,
  label,
  allLabel,
  value,
  values,
  labelOf = (option) => option,
  onChange,
}: {
  id: string;
  label: string;
  allLabel: string;
  value: string | undefined;
  values: readonly string[];
  labelOf?: (value: string) => string;
  onChange: (value: string | undefined) => void;
}) {
  return (
    <div className="md:w-40">
      <FormField id={id} label={label}>
        <NativeSelect
          id={id}
          value={value ?? ''}
          onChange={(event) => onChange(event.target.value || undefined)}
        >
          <option value="">{allLabel}</option>
          {values.map((option) => (
            <option key={option} value={option}>
              {labelOf(option)}
            </option>
          ))}
        </NativeSelect>
      </FormField>
    </div>
  );
}

/**
 * Every filter GET /api/crash-reports accepts (the tabs and search sit above). The group view
 * keeps the ones its call accepts: severity and app version.
 */
export function CrashReportFilters({ state, options, onChange }: CrashReportFiltersProps) {
  const reportsView = state.view === 'reports';
  const [companyText, setCompanyText] = useDebouncedText(
    state.companyId ?? '',
    (companyId: string) => onChange({ companyId: companyId || undefined }),
  );
  const dateError = dateOrderError(state) ?? undefined;
  const filters = activeFilterCount(state);

  return (
    <div className="flex flex-col gap-3 md:flex-row md:flex-wrap md:items-start">
      {reportsView && (
        <SelectFilter
          id="crash-status"
          label="Status"
          allLabel="All statuses"
          value={state.status}
          values={crashStatuses}
          labelOf={crashStatusLabel}
          onChange={(status) => onChange({ status: status as CrashScreenState['status'] })}
        />
      )}
      <SelectFilter
        id="crash-severity"
        label="Severity"
        allLabel="All severities"
        value={state.severity}
        values={crashSeverities}
        labelOf={severityLabel}
        onChange={(severity) => onChange({ severity: severity as CrashScreenState['severity'] })}
      />
      <SelectFilter
        id="crash-kind"
        label="Kind"
        allLabel="All kinds"
        value={state.kind}
        values={crashKinds}
        labelOf={(kind) => crashKindLabels[kind as keyof typeof crashKindLabels]}
        onChange={(kind) => onChange({ kind: kind as CrashScreenState['kind'] })}
      />
      {reportsView && (
        <SelectFilter
          id="crash-platform"
          label="Platform"
          allLabel="All platforms"
          value={state.platform}
          values={withCurrent(options?.platforms, state.platform)}
          onChange={(platform) => onChange({ platform })}
        />
      )}
      <SelectFilter
        id="crash-app-version"
        label="App version"
        allLabel="All versions"
        value={state.appVersion}
        values={withCurrent(options?.appVersions, state.appVersion)}
        onChange={(appVersion) => onChange({ appVersion })}
      />
      {reportsView && (
        <>
          <div className="md:w-40">
            <FormField id="crash-company" label="Company ID">
              <Input
                id="crash-company"
                placeholder="Any company"
                value={companyText}
                onChange={(event) => setCompanyText(event.target.value)}
              />
            </FormField>
          </div>
          <div className="md:w-40">
            <FormField id="crash-from" label="From">
              <Input
                id="crash-from"
                type="date"
                value={state.dateFrom ?? ''}
                onChange={(event) => onChange({ dateFrom: event.target.value || undefined })}
              />
            </FormField>
          </div>
          <div className="md:w-40">
            <FormField id="crash-to" label="To" error={dateError}>
              <Input
                {...fieldErrorProps('crash-to', dateError)}
                type="date"
                min={state.dateFrom}
                value={state.dateTo ?? ''}
                onChange={(event) => onChange({ dateTo: event.target.value || undefined })}
              />
            </FormField>
          </div>
        </>
      )}
      {filters > 0 && (
        <Button
          variant="ghost"
          className="md:mt-[22px]"
          onClick={() =>
            onChange({
              status: undefined,
              severity: undefined,
              kind: undefined,
              platform: undefined,
              companyId: undefined,
              appVersion: undefined,
              dateFrom: undefined,
              dateTo: undefined,
              fingerprint: undefined,
            })
          }
        >
          <XIcon aria-hidden="true" />
          Clear filters ({filters})
        </Button>
      )}
    </div>
  );
}
