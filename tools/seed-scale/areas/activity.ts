import { sql } from 'drizzle-orm';
import type { DbExecutor } from '../../../apps/api/src/db/client';

/** `count` activity rows over the last 30 days, of the dashboard's types, about random clients. */
export async function seedActivity(db: DbExecutor, count: number): Promise<number> {
  await db.execute(sql`
    with numbered as (
      select company_id, company_name, row_number() over (order by company_id) as idx
      from clients where company_id like 'SCALE-%'
    ),
    total as (select count(*) as n from numbered),
    events as (
      select g, 1 + (g * 2654435761 % (select n from total)) as idx, random() as r
      from generate_series(1, ${count}) as g
    )
    insert into activities (type, detail, company_id, refs, created_at)
    select
      t.type,
      case t.type
        when 'licence_bound' then 'Licence bound to a device of ' || c.company_name
        when 'licence_unbound' then 'Licence unbound from a device of ' || c.company_name
        when 'client_updated' then 'Client ' || c.company_name || ' updated'
        else 'Device activity at ' || c.company_name end,
      c.company_id,
      jsonb_build_object('companyName', c.company_name, 'companyId', c.company_id),
      now() - e.r * interval '30 days'
    from events e
    join numbered c on c.idx = e.idx
    cross join lateral (select (array['licence_bound', 'licence_unbound', 'client_updated', 'license_activity'])[1 + e.g % 4] as type) t`);
  return count;
}
