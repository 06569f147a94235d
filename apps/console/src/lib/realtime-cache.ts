import {
  dashboardLimits,
  type Activity,
  type Client,
  type Licence,
  type LicenceActivityUpdatedEvent,
} from '@patrol/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { queryKeys } from '@/lib/query-keys';

/**
 * Cache patches applied by the realtime provider. Client lists have the shape
 * `{ clients: Client[] }` (GET /api/clients, GET /api/licences), a client detail
 * `{ client: Client }`, a client's licences `{ licences: Licence[] }`; anything else (an
 * unavailable fallback) is left alone.
 */

type WithClients = { clients: Client[] };
type WithClient = { client: Client };
type WithRecentActivity = { recentActivity: Activity[] };
type WithLicences = { licences: Licence[] };

function hasClients(data: unknown): data is WithClients {
  return typeof data === 'object' && data !== null && Array.isArray((data as WithClients).clients);
}

function hasLicences(data: unknown): data is WithLicences {
  return (
    typeof data === 'object' && data !== null && Array.isArray((data as WithLicences).licences)
  );
}

function hasClient(data: unknown): data is WithClient {
  return (
    typeof data === 'object' && data !== null && typeof (data as WithClient).client === 'object'
  );
}

function patchClientLists(queryClient: QueryClient, patch: (clients: Client[]) => Client[]): void {
  for (const key of [queryKeys.clients.lists(), queryKeys.licences.all]) {
    queryClient.setQueriesData<unknown>({ queryKey: key }, (data: unknown) =>
      hasClients(data) ? { ...data, clients: patch(data.clients) } : data,
    );
  }
}

/** clientUpdated: the matching client (by id) is replaced in every list and its detail. */
export function replaceClient(queryClient: QueryClient, client: Client): void {
  patchClientLists(queryClient, (clients) =>
    clients.map((existing) => (existing.id === client.id ? client : existing)),
  );
  queryClient.setQueryData<unknown>(queryKeys.clients.detail(client.companyId), (data: unknown) =>
    hasClient(data) ? { ...data, client } : data,
  );
}

/** clientDeleted: the client leaves every list and its detail is forgotten. */
export function removeClient(queryClient: QueryClient, companyId: string): void {
  patchClientLists(queryClient, (clients) =>
    clients.filter((client) => client.companyId !== companyId),
  );
  queryClient.removeQueries({ queryKey: queryKeys.clients.detail(companyId), exact: true });
}

/**
 * licenceActivityUpdated: the licence's lastDeviceActivity is patched in place in every cached
 * licence list. Heartbeats arrive from every device every few minutes, so a refetch per heartbeat
 * would load the lists for nothing.
 */
export function patchLicenceActivity(
  queryClient: QueryClient,
  event: LicenceActivityUpdatedEvent,
): void {
  queryClient.setQueriesData<unknown>(
    { queryKey: queryKeys.licences.ofClients() },
    (data: unknown) =>
      hasLicences(data)
        ? {
            ...data,
            licences: data.licences.map((licence) =>
              licence.key === event.licenceKey
                ? { ...licence, lastDeviceActivity: event.lastDeviceActivity }
                : licence,
            ),
          }
        : data,
  );
}

/** activityUpdated: the event goes on top of the dashboard's recent activity, 10 kept. */
export function prependActivity(queryClient: QueryClient, activity: Activity): void {
  queryClient.setQueryData<unknown>(queryKeys.dashboard.data(), (data: unknown) => {
    if (typeof data !== 'object' || data === null) return data;
    const recent = (data as WithRecentActivity).recentActivity;
    if (!Array.isArray(recent)) return data;
    const others = recent.filter((existing) => existing.id !== activity.id);
    return {
      ...data,
      recentActivity: [activity, ...others].slice(0, dashboardLimits.recentActivityKept),
    };
  });
}
