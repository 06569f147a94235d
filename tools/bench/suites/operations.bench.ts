import type { Request } from 'autocannon';
import { crashSeverities, crashStatuses } from '@patrol/contracts';
import { simulatedAppVersions, simulatedCrashReport } from '../../device-sim/simulated-crashes';
import { scaleDeviceToken } from '../../seed-scale/plan';
import { activeDeviceKeys, updateCheckFrom, warmDeviceSessions } from '../scale-devices';
import { refreshReleaseFigures } from '../../../apps/api/src/modules/ota/release-health.service';
import { defineSuite } from '../bench-context';
import { measureLatency, measureThroughput, timeRuns } from '../load';
import { measureRepeated, measureVaried } from '../list-load';
import { combine, filterParts, pageParts, sortParts } from '../rotation';

const seconds = 10;
const connections = 50;
/** Enough devices that none passes the 30 reports a minute each may send. */
const devices = 10_000;
/** What the crash screen's filters, sorts, searches and pages ask for, the list and the groups. */
const crashWords = ['nfc', 'sync', 'location', 'permission', 'timeout', 'rare crash', 'patrol'];
const crashReportPaths = [
  ...combine(
    '/api/crash-reports?limit=20',
    pageParts(1, 10),
    sortParts(['createdAt', 'title', 'severity', 'status']),
    [...filterParts('severity', crashSeverities), ...filterParts('status', crashStatuses).slice(1)],
  ),
  ...combine(
    '/api/crash-reports?limit=20',
    filterParts('search', crashWords).slice(1),
    pageParts(1, 2),
    sortParts(['createdAt']),
  ),
];
const crashGroupPaths = combine(
  '/api/crash-reports/groups?limit=20',
  pageParts(1, 5),
  sortParts(['lastSeen', 'firstSeen', 'occurrences', 'devices']),
  filterParts('severity', crashSeverities),
);

/** Distinct report bodies, rotated: recurring groups, rare crashes and debug reports. */
const bodies = Array.from({ length: 200 }, (_, n) =>
  JSON.stringify(simulatedCrashReport(simulatedAppVersions[n % simulatedAppVersions.length]!)),
);

/**
 * Crash reports and OTA (issue 14): the release-health refresh over the scale's fleet and crash
 * history, the intake under a burst from many devices (goal 300 reports a second in one process),
 * then the viewer's calls and the app's update check.
 */
export const operationsSuite = defineSuite({
  name: 'operations',
  async prepare(database) {
    const keys = await activeDeviceKeys(database, devices);
    // The minute's release-health refresh over the scale's fleet and crash history, in-process.
    // One untimed refresh first, as the API's serving pool's connections have run it before.
    await refreshReleaseFigures(database.db);
    const releaseHealth = await timeRuns(5, () => refreshReleaseFigures(database.db));
    return { keys, releaseHealth };
  },
  async run(context, { keys, releaseHealth }) {
    context.latency(
      { id: 'release-health.refresh', name: 'release health refresh, 10 releases (in-process)' },
      releaseHealth,
    );
    const { api, token } = context;
    // A first round of update checks reads every device's session once, as in steady operation.
    context.log(`  update checks from ${keys.length} devices (warm-up)`);
    await warmDeviceSessions(api.url, keys);
    let next = 0;
    const report = {
      method: 'POST' as const,
      path: '/api/crash-reports',
      headers: { 'content-type': 'application/json' },
      setupRequest: (request: Request) => {
        const at = next++;
        return {
          ...request,
          body: bodies[at % bodies.length],
          headers: {
            ...request.headers,
            authorization: `Bearer ${scaleDeviceToken(keys[at % keys.length]!)}`,
          },
        };
      },
    };
    context.log(`  crash intake from ${keys.length} devices at ${connections} connections`);
    const intake = await measureThroughput({
      url: api.url,
      connections,
      durationSeconds: seconds,
      requests: [report],
    });
    context.record({
      id: 'crash-reports.intake',
      name: 'crash report intake, reports/s at 50 connections (one process)',
      value: intake.rps.toFixed(0),
      goal: '>= 300',
      pass: intake.rps >= 300 && intake.errors === 0,
    });

    await measureVaried(
      context,
      { id: 'crash-reports.varied', name: 'crash reports, varied page, filter, sort and search' },
      crashReportPaths,
    );
    await measureVaried(
      context,
      { id: 'crash-groups.varied', name: 'crash groups, varied page, severity and sort' },
      crashGroupPaths,
    );
    const repeated: [string, string, string][] = [
      ['crash-reports.page-1', 'crash reports, page 1', '/api/crash-reports?page=1&limit=20'],
      [
        'crash-reports.critical',
        'crash reports, critical, page 1',
        '/api/crash-reports?severity=critical&page=1&limit=20',
      ],
      [
        'crash-reports.search',
        'crash reports, search',
        '/api/crash-reports?search=nfc&page=1&limit=20',
      ],
      [
        'crash-reports.version-resolved',
        'crash reports, one version, resolved',
        '/api/crash-reports?appVersion=2.4.1&status=resolved&page=1&limit=20',
      ],
      [
        'crash-groups.by-occurrences',
        'crash groups, by occurrences',
        '/api/crash-reports/groups?page=1&limit=20',
      ],
    ];
    for (const [id, name, path] of repeated) await measureRepeated(context, { id, name }, path);
    const views: [string, string, string][] = [
      ['crash-reports.statistics', 'crash statistics', '/api/crash-reports/statistics'],
      ['ota.versions', 'OTA versions', '/api/ota/versions?includeInactive=true'],
    ];
    for (const [id, name, path] of views) {
      context.log(`  ${name}`);
      context.latency(
        { id, name },
        await measureLatency({
          url: `${api.url}${path}`,
          connections: 10,
          durationSeconds: 5,
          headers: { authorization: `Bearer ${token}` },
        }),
      );
    }
    context.latency(
      { id: 'ota.update-check', name: 'app update check (device token)' },
      await measureLatency({
        url: api.url,
        connections: 10,
        durationSeconds: 5,
        requests: [updateCheckFrom(keys, { at: 0 })],
      }),
    );
  },
});
