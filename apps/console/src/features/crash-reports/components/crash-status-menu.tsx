import { crashStatuses, type CrashReport, type CrashStatus } from '@patrol/contracts';
import { crashStatusLabel, hasPermission } from '@patrol/domain';
import { ChevronDownIcon } from 'lucide-react';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { useUpdateCrashReportStatus } from '@/features/crash-reports/api/update-crash-report-status';
import { CrashStatusBadge } from '@/features/crash-reports/components/crash-badges';
import { useAuth } from '@/lib/auth';

function isCrashStatus(value: string): value is CrashStatus {
  return (crashStatuses as readonly string[]).includes(value);
}

/**
 * The report's status badge, opening a popover of every status (spec 2 sections 2.4 and 4: any
 * status may be set, in any order). The change shows at once and is undone if the server refuses.
 * Without crashes.manage, the badge alone.
 */
export function CrashStatusMenu({
  report,
}: {
  report: Pick<CrashReport, 'id' | 'title' | 'status'>;
}) {
  const { user } = useAuth();
  const update = useUpdateCrashReportStatus();
  // The API lets crashes.manage change a status; others see the badge alone.
  if (!hasPermission(user, 'crashes.manage')) return <CrashStatusBadge status={report.status} />;
  return (
    <DropdownMenu>
      <DropdownMenuTrigger
        className="inline-flex items-center gap-1 rounded-md outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
        aria-label={`Status: ${crashStatusLabel(report.status)}. Change the status of ${report.title}`}
      >
        <CrashStatusBadge status={report.status} />
        <ChevronDownIcon aria-hidden="true" className="size-3.5 text-muted-foreground" />
      </DropdownMenuTrigger>
      <DropdownMenuContent align="start">
        <DropdownMenuLabel>Set status</DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuRadioGroup
          value={report.status}
          onValueChange={(value) => {
            if (isCrashStatus(value) && value !== report.status) {
              update.mutate({ id: report.id, status: value });
            }
          }}
        >
          {crashStatuses.map((status) => (
            <DropdownMenuRadioItem key={status} value={status}>
              {crashStatusLabel(status)}
            </DropdownMenuRadioItem>
          ))}
        </DropdownMenuRadioGroup>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
