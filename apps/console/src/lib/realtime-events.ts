import type { QueryClient, Query } from '@tanstack/react-query';
import { useEffect } from 'react';
import { toast } from 'sonner';
import { breakers } from '@/lib/breaker';
import { queryKeys } from '@/lib/query-keys';
import {
  patchLicenceActivity,
  prependActivity,
  removeClient,
  replaceClient,
} from '@/lib/realtime-cache';
import { clearSessionValidationCache, validateSession } from '@/lib/session-validation';
import type { RealtimeClient } from '@/lib/socket';

/** Live events debounce the dashboard refresh by this much (spec 1 section 9). */
export const realtimeDebounceMs = 300;

const licenceActionMessages = {
  bind: 'Licence bound successfully!',
  unbind: 'Licence unbound successfully!',
  extend: 'Licence extended successfully!',
} as const;

/** The destructive toast of a critical report arriving live (spec 2 section 4). */
export const criticalCrashReportTitle = 'Critical crash report';

/** A cached list query asking for page 1 (its key ends with the list's parameters). */
function isFirstPage(query: Query): boolean {
  const params = query.queryKey[2];
  return typeof params === 'object' && params !== null && (params as { page?: unknown }).page === 1;
}

// Client pages being edited right now: their own clientUpdated toast would only echo the save.
const clientsBeingEdited = new Map<string, number>();

function debounce(run: () => void, waitMs: number) {
  let timer: ReturnType<typeof setTimeout> | null = null;
  const debounced = () => {
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = null;
      run();
    }, waitMs);
  };
  debounced.cancel = () => {
    if (timer) clearTimeout(timer);
  };
  return debounced;
}

/** Where a crash report opens: the crash screen with the report's dialog. */
export function crashReportLink(id: string): string {
  return `/crash-report?report=${encodeURIComponent(id)}`;
}

/**
 * Wires every server event to the query cache and the spec's toasts; returns the unsubscribe.
 * `openLink` follows a toast's link (a page load by default).
 */
export function connectEventsToCache(
  client: RealtimeClient,
  queryClient: QueryClient,
  openLink: (href: string) => void = (href) => window.location.assign(href),
): () => void {
  const refreshDashboard = debounce(
    () => void queryClient.invalidateQueries({ queryKey: queryKeys.dashboard.data() }),
    realtimeDebounceMs,
  );
  const refreshClientLists = () => {
    // A change someone else made calls for a fresh list, as one's own does: not a repeat for the
    // client data breaker's minimum interval to answer with "unavailable" instead.
    breakers.get('clientData').allowFreshCalls();
    void queryClient.invalidateQueries({ queryKey: queryKeys.clients.lists() });
    void queryClient.invalidateQueries({ queryKey: queryKeys.licences.all });
  };
  // A crash loop on many phones sends bursts: one refresh per burst. Only page 1 is refreshed, so
  // rows never shift under someone reading a later page (spec 2 section 4).
  const refreshCrashReports = debounce(() => {
    for (const queryKey of [queryKeys.crashReports.lists(), queryKeys.crashReports.groupLists()]) {
      void queryClient.invalidateQueries({ queryKey, predicate: isFirstPage });
    }
    void queryClient.invalidateQueries({ queryKey: queryKeys.crashReports.statistics() });
    void queryClient.invalidateQueries({ queryKey: queryKeys.crashReports.filterOptions() });
  }, realtimeDebounceMs);
  const refreshBusinessStats = () =>
    void queryClient.invalidateQueries({ queryKey: queryKeys.dashboard.businessStats() });

  const unsubscribers = [
    client.on('clientAdded', (added) => {
      refreshClientLists();
      refreshDashboard();
      toast.success(`New client ${added.companyName} added`, { id: `client-added-${added.id}` });
    }),
    client.on('clientUpdated', (updated) => {
      replaceClient(queryClient, updated);
      // The summary cards and the sort order may change with the client.
      refreshClientLists();
      refreshDashboard();
      if (!clientsBeingEdited.has(updated.companyId)) {
        toast.success(`Client ${updated.companyName} updated`, {
          id: `client-updated-${updated.id}`,
        });
      }
    }),
    client.on('clientDeleted', ({ companyId }) => {
      removeClient(queryClient, companyId);
      refreshClientLists();
      refreshDashboard();
      toast.success('Client deleted successfully', { id: `client-deleted-${companyId}` });
    }),
    client.on('licenceUpdated', (event) => {
      refreshClientLists();
      void queryClient.invalidateQueries({ queryKey: queryKeys.clients.details() });
      refreshDashboard();
      toast.success(licenceActionMessages[event.action], {
        id: `licence-${event.action}-${event.licence.key}`,
      });
    }),
    client.on('licenceActivityUpdated', (event) => {
      patchLicenceActivity(queryClient, event);
      refreshDashboard();
    }),
    client.on('activityUpdated', (activity) => prependActivity(queryClient, activity)),
    ...(
      [
        'billingUpdated',
        'paymentProcessed',
        'paymentValidated',
        'paymentRejected',
        'invoiceCreated',
        'invoiceUpdated',
        'invoiceReverted',
      ] as const
    ).map((event) =>
      client.on(event, () => {
        refreshBusinessStats();
        // Another user's billing change reaches the open billing tab too.
        void queryClient.invalidateQueries({ queryKey: queryKeys.billing.all });
      }),
    ),
    client.on('newCrashReport', (report) => {
      refreshCrashReports();
      if (report.severity === 'critical') {
        // Keyed by title: the same crash repeating replaces its toast instead of stacking.
        toast.error(criticalCrashReportTitle, {
          id: `critical-crash-${report.title}`,
          description: report.title,
          action: { label: 'View report', onClick: () => openLink(crashReportLink(report.id)) },
        });
      }
    }),
    // An administrator changed this user's role, status or permissions: re-read the session now,
    // so the menu and guards follow (or a suspended user lands on the sign-in page).
    client.on('accountChanged', () => {
      clearSessionValidationCache();
      void validateSession();
    }),
  ];
  return () => {
    refreshDashboard.cancel();
    refreshCrashReports.cancel();
    for (const unsubscribe of unsubscribers) unsubscribe();
  };
}

/** While mounted, clientUpdated for `companyId` raises no toast (spec 1 section 8). */
export function useSuppressClientUpdateToast(companyId: string | undefined): void {
  useEffect(() => {
    if (!companyId) return;
    clientsBeingEdited.set(companyId, (clientsBeingEdited.get(companyId) ?? 0) + 1);
    return () => {
      const count = (clientsBeingEdited.get(companyId) ?? 1) - 1;
      if (count > 0) clientsBeingEdited.set(companyId, count);
      else clientsBeingEdited.delete(companyId);
    };
  }, [companyId]);
}
