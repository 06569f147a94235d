import type { CrashReport } from '@patrol/contracts';
import { LayersIcon, ListIcon, RefreshCwIcon, XIcon } from 'lucide-react';
import { useState } from 'react';
import { AutoRefreshControl } from '@/components/auto-refresh-control';
import { CardPager } from '@/components/card-pager';
import { PageHeader } from '@/components/layout/page-header';
import { SearchInput } from '@/components/search-input';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useCrashGroups } from '@/features/crash-reports/api/get-crash-groups';
import { useCrashReportFilterOptions } from '@/features/crash-reports/api/get-crash-report-filter-options';
import { useCrashReportStatistics } from '@/features/crash-reports/api/get-crash-report-statistics';
import { useCrashReports } from '@/features/crash-reports/api/get-crash-reports';
import { CrashGroupDialog } from '@/features/crash-reports/components/crash-group-dialog';
import { CrashGroupsTable } from '@/features/crash-reports/components/crash-groups-table';
import { CrashReportDetailsDialog } from '@/features/crash-reports/components/crash-report-details-dialog';
import { useLinkedReport } from '@/features/crash-reports/lib/use-linked-report';
import { CrashReportFilters } from '@/features/crash-reports/components/crash-report-filters';
import { CrashReportsTable } from '@/features/crash-reports/components/crash-reports-table';
import { CrashStatisticsCards } from '@/features/crash-reports/components/crash-statistics-cards';
import { ListBody } from '@/features/crash-reports/components/list-body';
import { crashReportScreenMessages } from '@/features/crash-reports/lib/crash-report-messages';
import {
  toGroupListParams,
  toReportListParams,
  useCrashScreenState,
  type CrashScreenState,
  type CrashTab,
  type CrashView,
} from '@/features/crash-reports/lib/crash-report-params';
import { useDebouncedText } from '@/features/crash-reports/lib/use-debounced-text';

const tabs: { value: CrashTab; label: string }[] = [
  { value: 'all', label: 'All Reports' },
  { value: 'crashes', label: 'Crash Reports' },
  { value: 'debug', label: 'Debug Reports' },
];

const views: { value: CrashView; label: string; icon: typeof ListIcon }[] = [
  { value: 'reports', label: 'Reports', icon: ListIcon },
  { value: 'groups', label: 'Groups', icon: LayersIcon },
];

/** '1,234 reports', or 'more than 1,000 reports' when the server stopped counting. */
const countText = (
  { totalCount, totalCountCapped }: { totalCount: number; totalCountCapped?: true },
  one: string,
  many: string,
) =>
  `${totalCountCapped ? 'more than ' : ''}${totalCount.toLocaleString('en-MY')} ${totalCount === 1 && !totalCountCapped ? one : many}`;

function nextOrder(current: { sortBy: string; sortOrder: 'asc' | 'desc' }, field: string) {
  // A column is first sorted the way people read it: text A-Z, figures and dates largest first.
  if (current.sortBy !== field) return field === 'title' ? 'asc' : 'desc';
  return current.sortOrder === 'asc' ? 'desc' : 'asc';
}

function ViewSwitch({ view, onChange }: { view: CrashView; onChange: (view: CrashView) => void }) {
  return (
    <div role="group" aria-label="View" className="inline-flex rounded-md border p-0.5">
      {views.map(({ value, label, icon: Icon }) => (
        <Button
          key={value}
          size="sm"
          variant={view === value ? 'secondary' : 'ghost'}
          aria-pressed={view === value}
          onClick={() => onChange(value)}
        >
          <Icon aria-hidden="true" />
          {label}
        </Button>
      ))}
    </div>
  );
}

/** Crash and debug reports (/crash-report, spec 2 section 2.4). */
export function CrashReportsPage() {
  const { state, update } = useCrashScreenState();
  const [autoRefresh, setAutoRefresh] = useState(true);
  const [openReport, setOpenReport] = useState<CrashReport | null>(null);
  const [openGroup, setOpenGroup] = useState<string | null>(null);
  useLinkedReport(setOpenReport);
  const [searchText, setSearchText] = useDebouncedText(state.search, (search) =>
    update({ search }),
  );

  const reportsView = state.view === 'reports';
  const reportParams = toReportListParams(state);
  const groupParams = toGroupListParams(state);
  const reports = useCrashReports(reportParams, { enabled: reportsView, autoRefresh });
  const groups = useCrashGroups(groupParams, { enabled: !reportsView, autoRefresh });
  const statistics = useCrashReportStatistics({ enabled: !reportsView, autoRefresh });
  const filterOptions = useCrashReportFilterOptions();
  const active = reportsView ? reports : groups;

  const showGroupReports = (fingerprint: string) => {
    setOpenGroup(null);
    update({ view: 'reports', fingerprint });
  };
  const sortBy = (current: { sortBy: string; sortOrder: 'asc' | 'desc' }, field: string) =>
    update({ sortBy: field, sortOrder: nextOrder(current, field) });

  const summary = reportsView
    ? reports.data && countText(reports.data.pagination, 'report', 'reports')
    : groups.data && countText(groups.data.pagination, 'group', 'groups');

  return (
    <>
      <PageHeader
        title="Crash & Debug Reports"
        subtitle="Reports sent by the mobile patrol app"
        actions={
          <>
            <AutoRefreshControl
              on={autoRefresh}
              onChange={setAutoRefresh}
              interval="every 30 s, page 1"
            />
            <Button
              variant="outline"
              onClick={() => void active.refetch()}
              disabled={active.isFetching}
            >
              <RefreshCwIcon
                aria-hidden="true"
                className={active.isFetching ? 'animate-spin' : undefined}
              />
              Refresh
            </Button>
          </>
        }
      />
      <div className="space-y-6">
        <CrashStatisticsCards
          statistics={reportsView ? reports.data?.statistics : statistics.data}
        />
        <Card className="gap-0 py-0">
          <Tabs
            value={state.tab}
            onValueChange={(tab) => update({ tab: tab as CrashTab })}
            className="gap-0"
          >
            <div className="flex flex-col gap-3 border-b p-4">
              <div className="flex flex-col gap-3 lg:flex-row lg:items-center lg:justify-between">
                <div className="flex flex-wrap items-center gap-3">
                  <TabsList aria-label="Report type">
                    {tabs.map((tab) => (
                      <TabsTrigger key={tab.value} value={tab.value}>
                        {tab.label}
                      </TabsTrigger>
                    ))}
                  </TabsList>
                  <ViewSwitch view={state.view} onChange={(view) => update({ view })} />
                </div>
                <div className="flex items-center gap-3">
                  <span
                    className="text-sm whitespace-nowrap text-muted-foreground"
                    aria-live="polite"
                  >
                    {summary}
                    {active.isError && active.data && ' (refresh failed)'}
                  </span>
                  <SearchInput
                    label={reportsView ? 'Search crash reports' : 'Search crash groups'}
                    placeholder="Search title, error, device..."
                    value={searchText}
                    onChange={setSearchText}
                    className="lg:w-72"
                  />
                </div>
              </div>
              <CrashReportFilters
                state={state}
                options={filterOptions.data}
                onChange={(changes: Partial<CrashScreenState>) => update(changes)}
              />
              {reportsView && state.fingerprint && (
                <div>
                  <Button
                    variant="secondary"
                    size="sm"
                    onClick={() => update({ fingerprint: undefined })}
                    aria-label={`Show all reports, not only group ${state.fingerprint}`}
                  >
                    Group <span className="font-mono">{state.fingerprint}</span>
                    <XIcon aria-hidden="true" />
                  </Button>
                </div>
              )}
            </div>
            <TabsContent value={state.tab}>
              {reportsView ? (
                <ListBody
                  query={reports}
                  loadingLabel="Loading crash reports"
                  errorMessage={crashReportScreenMessages.fetchFailed}
                >
                  {(data) => (
                    <>
                      <CrashReportsTable
                        reports={data.reports}
                        params={reportParams}
                        onSort={(field) => sortBy(reportParams, field)}
                        onOpen={setOpenReport}
                      />
                      <CardPager
                        pagination={data.pagination}
                        label="Crash report pages"
                        onPageChange={(page) => update({ page })}
                      />
                    </>
                  )}
                </ListBody>
              ) : (
                <ListBody
                  query={groups}
                  loadingLabel="Loading crash groups"
                  errorMessage={crashReportScreenMessages.fetchGroupsFailed}
                >
                  {(data) => (
                    <>
                      <CrashGroupsTable
                        groups={data.groups}
                        params={groupParams}
                        onSort={(field) => sortBy(groupParams, field)}
                        onOpen={(group) => setOpenGroup(group.fingerprint)}
                      />
                      <CardPager
                        pagination={data.pagination}
                        label="Crash group pages"
                        onPageChange={(page) => update({ page })}
                      />
                    </>
                  )}
                </ListBody>
              )}
            </TabsContent>
          </Tabs>
        </Card>
      </div>
      <CrashReportDetailsDialog
        report={
          openReport &&
          (reports.data?.reports.find((report) => report.id === openReport.id) ?? openReport)
        }
        onClose={() => setOpenReport(null)}
        onOpenGroup={(fingerprint) => {
          setOpenReport(null);
          setOpenGroup(fingerprint);
        }}
      />
      <CrashGroupDialog
        fingerprint={openGroup}
        onClose={() => setOpenGroup(null)}
        onShowReports={showGroupReports}
      />
    </>
  );
}
