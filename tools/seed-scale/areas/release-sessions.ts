import { sql } from 'drizzle-orm';
import type { DbExecutor } from '../../../apps/api/src/db/client';

/** The days of session counters the fleet has behind it (the oldest release's age at most). */
const sessionDays = 90;

/**
 * What the fleet's session pings would have left (issue 28), so release health counts a real
 * fleet's rows: every device's row on the release it runs (first seen within the last 30 days,
 * last seen when it last reported, 3% crashed in the last day), and each release's hourly
 * session counters and daily users since it was uploaded, sized by its devices. Reads the fleet
 * from the devices' last reported versions (`seedOperations`).
 */
export async function seedReleaseSessions(db: DbExecutor): Promise<void> {
  await db.execute(sql`
    insert into release_devices (platform, version_code, device_id, first_seen_at, last_seen_at,
      last_crash_at, session_id, ended_session_id)
    select platform, version_code, device_id, reported_at - random() * interval '30 days',
      reported_at, case when random() < 0.03 then reported_at - random() * interval '20 hours' end,
      'scale-' || device_id, 'scale-' || device_id
    from device_app_versions
    on conflict (platform, version_code, device_id) do nothing`);
  await db.execute(sql`
    create temporary table scale_releases on commit drop as
    select v.platform, v.version_code, greatest(v.uploaded_at, now() - ${sql.raw(`interval '${sessionDays} days'`)}) as since,
      (select count(*) from device_app_versions d
        where d.platform = v.platform and d.version_code = v.version_code) as devices
    from ota_versions v`);
  // About two sessions a device a day; 0.4% of them crash, 0.1% end with an ANR.
  await db.execute(sql`
    insert into release_session_hours (platform, version_code, hour, started, exited, crashed,
      abnormal, anr)
    select platform, version_code, hour, s, s - s / 250 - s / 1000, s / 250, s / 1000, s / 1000
    from scale_releases,
      generate_series(date_trunc('hour', since), date_trunc('hour', now()), interval '1 hour') as hour,
      lateral (select greatest(1, devices / 12)::int as s) sessions
    on conflict (platform, version_code, hour) do nothing`);
  await db.execute(sql`
    insert into release_daily_users (platform, version_code, day, users, perceived_crash_users,
      perceived_anr_users)
    select platform, version_code, day::date, u, u / 300, u / 1000
    from scale_releases,
      generate_series(date_trunc('day', since), date_trunc('day', now()), interval '1 day') as day,
      lateral (select (devices * 9 / 10)::int as u) users
    on conflict (platform, version_code, day) do nothing`);
}
