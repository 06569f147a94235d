import type { Request } from 'autocannon';
import { sql } from 'drizzle-orm';
import type { Database } from '../../../apps/api/src/db/client';
import { scaleDeviceToken } from '../../seed-scale/plan';
import { refreshReleaseFigures } from '../../../apps/api/src/modules/ota/release-health.service';
import { defineSuite } from '../bench-context';
import { measureThroughput, timeRuns } from '../load';
import { activeDeviceKeys } from '../scale-devices';

const seconds = 10;
const connections = 50;
/** Enough devices that none passes 30 calls a minute. */
const devices = 10_000;

/**
 * Gives every device of the scale fleet a day of sessions on the release it runs, as the session
 * pings would have left them (once per data set: skipped when the counters hold rows): a row per
 * device on its release, 24 hourly counters and two days of daily users per release.
 */
async function seedSessions(database: Database): Promise<number> {
  const { db } = database;
  const [held] = (
    await db.execute<{ n: number }>(sql`select count(*)::int as n from release_devices`)
  ).rows;
  if (!held || held.n === 0) {
    await db.execute(sql`
      insert into release_devices (platform, version_code, device_id, first_seen_at, last_seen_at,
        last_crash_at, last_perceived_crash_at, session_id, ended_session_id)
      select platform, version_code, device_id, reported_at - interval '3 days', reported_at,
        case when random() < 0.01 then reported_at end, null, md5(device_id), md5(device_id)
      from device_app_versions
      on conflict do nothing`);
    await db.execute(sql`
      insert into release_session_hours (platform, version_code, hour, started, exited, crashed, abnormal, anr)
      select v.platform, v.version_code, date_trunc('hour', now()) - h * interval '1 hour',
        v.n / 6, v.n / 6 - v.n / 1200 - v.n / 3000, v.n / 1200, v.n / 3000, v.n / 6000
      from (select platform, version_code, count(*)::int as n from device_app_versions
        group by 1, 2) v, generate_series(0, 23) h
      on conflict do nothing`);
    await db.execute(sql`
      insert into release_daily_users (platform, version_code, day, users, perceived_crash_users, perceived_anr_users)
      select v.platform, v.version_code, (now() at time zone 'UTC')::date - d, v.n, v.n / 200, v.n / 500
      from (select platform, version_code, count(*)::int as n from device_app_versions
        group by 1, 2) v, generate_series(0, 1) d
      on conflict do nothing`);
  }
  const [count] = (
    await db.execute<{ n: number }>(sql`select count(*)::int as n from release_devices`)
  ).rows;
  return count?.n ?? 0;
}

/**
 * Release health (issue 27): the minute's evaluation over sessions of the whole scale fleet
 * (goal: under 1 s of database time a minute at 1x, 250,000 devices), and session pings at 50
 * connections beside bare Express (goal: at least half, as for heartbeats).
 */
export const releaseHealthSuite = defineSuite({
  name: 'release-health',
  async prepare(database) {
    const fleet = await seedSessions(database);
    // In-process, against the data set: the evaluation is database work, so its time is the
    // minute's database time.
    const evaluation = await timeRuns(5, () => refreshReleaseFigures(database.db));
    return { keys: await activeDeviceKeys(database, devices), fleet, evaluation };
  },
  async run(context, { keys, fleet, evaluation }) {
    context.record({
      id: 'release-health.evaluation',
      name: `release-health evaluation, 10 releases, sessions of ${fleet.toLocaleString('en')} devices (p50 of 5, once a minute)`,
      value: `${evaluation.p50.toFixed(0)} ms (max ${evaluation.max.toFixed(0)} ms)`,
      goal: '< 1000 ms a minute at 1x',
      pass: context.scale === 1 ? evaluation.p50 < 1000 : undefined,
    });
    let next = 0;
    const ping = {
      method: 'POST' as const,
      path: '/api/device/session',
      headers: { 'content-type': 'application/json' },
      setupRequest: (request: Request) => {
        const n = next++;
        const key = keys[n % keys.length]!;
        const session = `bench-${Math.floor(n / keys.length)}-${n % keys.length}`;
        const end = n % 2 === 1;
        return {
          ...request,
          headers: { ...request.headers, authorization: `Bearer ${scaleDeviceToken(key)}` },
          body: JSON.stringify({
            sessionId: session.padEnd(8, '0'),
            event: end ? 'end' : 'start',
            ...(end ? { status: 'exited' } : {}),
            versionCode: 241,
          }),
        };
      },
    };
    context.log(`  session pings from ${keys.length} devices at 50 connections`);
    // A first round reads every device's session once, as in steady operation.
    await measureThroughput({
      url: context.api.url,
      connections,
      durationSeconds: 60,
      amount: keys.length,
      requests: [ping],
    });
    const pings = await measureThroughput({
      url: context.api.url,
      connections,
      durationSeconds: seconds,
      requests: [ping],
    });
    context.record({
      id: 'release-health.session-pings',
      name: 'device session pings, requests/s at 50 connections',
      value: `${pings.rps.toFixed(0)} (${(pings.rps / context.bareRps).toFixed(2)} of bare Express)`,
      goal: '>= 0.50 of bare Express',
      pass: pings.rps / context.bareRps >= 0.5 && pings.errors === 0,
    });
  },
});
