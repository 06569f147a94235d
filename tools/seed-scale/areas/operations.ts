import { sql } from 'drizzle-orm';
import type { DbExecutor } from '../../../apps/api/src/db/client';

/** The app versions of the scale fleet, oldest first, with their version codes. */
export const scaleAppVersions = [
  { name: '2.3.0', code: 230 },
  { name: '2.4.0', code: 240 },
  { name: '2.4.1', code: 241 },
  { name: '2.5.0', code: 250 },
] as const;

/**
 * Crash reports and app releases at scale: `reports` reports over 90 days in `groups` groups (a
 * few recurring ones make most of them, as in a real fleet), sent by the bound devices from the
 * version each runs; the groups with their per-version and per-device rows and the statistics
 * counters as the intake keeps them; the four releases, the newest active in a 20% rollout; and
 * every bound device's last update check (most on 2.4.1) within the last day.
 */
export async function seedOperations(
  db: DbExecutor,
  plan: { reports: number; groups: number },
): Promise<void> {
  const versions = sql.raw(
    `array[${scaleAppVersions.map((version) => `'${version.name}'`).join(', ')}]`,
  );
  const codes = sql.raw(`array[${scaleAppVersions.map((version) => version.code).join(', ')}]`);
  // Every bound device runs one version: 10% the oldest, 20% 2.4.0, 55% 2.4.1, 15% the newest.
  await db.execute(sql`
    create temporary table scale_fleet on commit drop as
    select device_id, company_id, row_number() over (order by device_id) as idx,
      (case when r < 0.10 then 1 when r < 0.30 then 2 when r < 0.85 then 3 else 4 end) as version
    from (
      select l.device_id, c.company_id, random() as r
      from licences l join clients c on c.id = l.client_id
      where l.bound and l.device_id is not null
    ) devices`);
  await db.execute(sql`
    insert into device_app_versions (device_id, platform, version_code, version_name, reported_at)
    select device_id, 'android', (${codes})[version], (${versions})[version],
      now() - random() * interval '20 hours'
    from scale_fleet
    on conflict (device_id) do update set version_code = excluded.version_code,
      version_name = excluded.version_name, reported_at = excluded.reported_at`);
  await db.execute(sql`
    insert into ota_versions (version, version_code, package_name, platform, channel, is_active,
      file_size, checksum, file_path, original_file_name, release_notes, rollout_percent, uploaded_at)
    select v.name, v.code, 'com.patrol.guard', 'android', 'stable', v.code = ${scaleAppVersions.at(-1)!.code},
      24000000 + v.code * 1000, encode(sha256(v.name::bytea), 'hex'), 'scale-' || v.name || '.apk',
      'patrol-' || v.name || '.apk', 'Release ' || v.name,
      case when v.code = ${scaleAppVersions.at(-1)!.code} then 20 else 100 end,
      now() - (${scaleAppVersions.length} - v.position) * interval '45 days'
    from unnest(${versions}::text[], ${codes}::int[]) with ordinality as v(name, code, position)
    on conflict (platform, version) do nothing`);

  // Group g of `groups`: its weight falls with g, so a few groups hold most reports.
  await db.execute(sql`
    create temporary table scale_crashes on commit drop as
    with fleet as (select count(*) as n from scale_fleet),
    draws as (
      select g, random() as r1, random() as r2, random() as r3
      from generate_series(1, ${plan.reports}) as g
    )
    select
      floor(${plan.groups} * power(d.r1, 3))::int + 1 as grp,
      f.device_id, f.company_id, f.version,
      now() - d.r2 * interval '90 days' as created_at,
      d.r3
    from draws d
    join scale_fleet f on f.idx = 1 + (d.g * 2654435761 % (select n from fleet))`);
  await db.execute(sql`
    insert into crash_reports (report_type, title, error_message, stack_trace, severity, status,
      company_id, fingerprint, device_id, device_info, app_info, created_at, updated_at)
    select
      case when grp % 10 = 0 then 'debug' when grp % 7 = 0 then 'manual' else 'automatic' end,
      'Crash ' || grp || ' in ' || (array['NFC scan', 'patrol sync', 'checkpoint list', 'login', 'photo upload'])[1 + grp % 5],
      'java.lang.IllegalStateException: state ' || grp,
      'java.lang.IllegalStateException: state ' || grp || E'\\n\\tat com.patrol.feature' || grp || '.Screen.run(Screen.kt:' || (10 + grp) || ')',
      (array['critical', 'high', 'medium', 'low'])[1 + (grp * 7) % 4],
      case when r3 < 0.55 then 'new' when r3 < 0.65 then 'investigating' when r3 < 0.70 then 'in-progress'
           when r3 < 0.90 then 'resolved' when r3 < 0.97 then 'closed' else 'duplicate' end,
      company_id,
      'scale-' || lpad(grp::text, 4, '0'),
      device_id,
      jsonb_build_object('platform', 'android', 'osVersion', '14', 'model', 'SM-A546E',
        'batteryLevel', (r3 * 100)::int, 'totalMemory', 8000000000),
      jsonb_build_object('appName', 'Patrol', 'packageName', 'com.patrol.guard',
        'version', (${versions})[version], 'buildNumber', ((${codes})[version])::text),
      created_at, created_at
    from scale_crashes`);
  await db.execute(sql`
    insert into crash_groups (fingerprint, title, exception_type, culprit, frames, report_type,
      severity, severity_rank, occurrences, devices, first_seen, last_seen, last_report_id)
    select fingerprint, max(title), 'java.lang.IllegalStateException',
      'com.patrol.feature' || substr(fingerprint, 7) || '.Screen.run',
      jsonb_build_array('com.patrol.feature' || substr(fingerprint, 7) || '.Screen.run'),
      max(report_type), max(severity), max(severity_rank), count(*), count(distinct device_id),
      min(created_at), max(created_at),
      (array_agg(id order by created_at desc))[1]
    from crash_reports where fingerprint like 'scale-%' group by fingerprint`);
  await db.execute(sql`
    insert into crash_group_versions (fingerprint, app_version, occurrences, first_seen, last_seen)
    select fingerprint, app_version, count(*), min(created_at), max(created_at)
    from crash_reports where fingerprint like 'scale-%' group by fingerprint, app_version`);
  await db.execute(sql`
    insert into crash_group_devices (fingerprint, device_id, first_seen)
    select fingerprint, device_id, min(created_at)
    from crash_reports where fingerprint like 'scale-%' group by fingerprint, device_id`);
  // Counted again from every report (a benchmark may have added some already).
  await db.execute(sql`delete from crash_report_counts`);
  await db.execute(sql`
    insert into crash_report_counts (status, severity, shard, reports)
    select status, severity, 0, count(*) from crash_reports group by status, severity`);
}
