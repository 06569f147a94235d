import { sql } from 'drizzle-orm';
import type { DbExecutor } from '../../../apps/api/src/db/client';

/**
 * About `target` licences spread over the clients with a skewed size (1 to 1,000 each, most
 * small, a few large: 1 + 999 * r^k with k chosen for the target mean), a mix of types; 15%
 * expired, 5% never expiring, the rest expiring evenly over the next year (so the renewals view's
 * near windows and the daily renewal run have their share); half bound to a device, whose last report is recent for some,
 * hours or days old for others (devices that stopped reporting), or never. Each bound licence's
 * device token is scaleDeviceToken(key), stored as its SHA-256 like the API stores tokens.
 */
export async function seedLicences(
  db: DbExecutor,
  target: number,
  clients: number,
): Promise<number> {
  const mean = Math.max(1.01, target / clients);
  // E[1 + 999 r^k] = 1 + 999 / (k + 1).
  const exponent = Math.max(0.01, 999 / (mean - 1) - 1);
  await db.execute(sql`
    create temporary table scale_sizes on commit drop as
    select id as client_id, 1 + 999 * power(random(), ${exponent}) as drawn
    from clients where company_id like 'SCALE-%'`);
  // The heavy tail makes the drawn total wander: scale the sizes so the total meets the target.
  await db.execute(sql`
    with total as (select sum(drawn) as drawn from scale_sizes)
    update scale_sizes set drawn = drawn * ${target} / (select drawn from total)`);
  await db.execute(sql`
    with sizes as (
      select client_id, least(1000, greatest(1, round(drawn)))::int as size from scale_sizes
    ),
    rows as (
      select client_id, row_number() over () as n, random() as r1, random() as r2, random() as r3
      from sizes, generate_series(1, sizes.size)
    ),
    shaped as (
      select client_id, n, r1, r2, r3,
        'MP-' || pg_temp.scale_symbols(pg_temp.scale_mix(n, 0), 4) || '-'
          || pg_temp.scale_symbols(pg_temp.scale_mix(n, 0) >> 20, 4) || '-'
          || pg_temp.scale_symbols(pg_temp.scale_mix(n, 0) >> 40, 4) || '-'
          || pg_temp.scale_symbols(n, 4) as key,
        r2 < 0.5 as bound,
        'Site ' || (n % 40 + 1) as project
      from rows
    ),
    timed as (
      select shaped.*,
        case when r3 < 0.15 then now() - r3 * interval '2000 days'
             when r3 < 0.20 then null
             else now() + (r3 - 0.20) / 0.80 * interval '365 days' end as valid_until,
        case when not bound then null
             when r1 < 0.35 then now() - r3 * interval '4 minutes'
             when r1 < 0.60 then now() - interval '6 minutes' - r3 * interval '20 hours'
             when r1 < 0.90 then now() - interval '1 day' - r3 * interval '29 days'
             else null end as reported_at
      from shaped
    )
    insert into licences (key, client_id, licence_type, valid_until, bound, device_id, project_name,
                          bound_at, last_device_activity, device_token_hash, features, created_at)
    select
      key, client_id,
      case when r1 < 0.2 then 'Trial' when r1 < 0.8 then 'Standard' else 'Premium' end,
      valid_until,
      bound,
      case when bound then 'MPDID-' || pg_temp.scale_symbols(pg_temp.scale_mix(n, 7), 12) || '-' || project end,
      case when bound then project end,
      case when bound then now() - r1 * interval '300 days' end,
      -- A device reports only while its licence is valid: an expired licence last reported by
      -- its expiry at the latest (the dashboard's tiles rely on it).
      case when valid_until < reported_at then valid_until else reported_at end,
      case when bound then encode(sha256(convert_to('scale-device-' || key, 'UTF8')), 'hex') end,
      '[]'::jsonb,
      now() - r1 * interval '730 days'
    from timed`);
  const [row] = (await db.execute<{ count: string }>(sql`select count(*) from licences`)).rows;
  return Number(row?.count ?? 0);
}
