import { sql } from 'drizzle-orm';
import type { DbExecutor } from '../../../apps/api/src/db/client';

/**
 * Client companies SCALE-000001..: names from a few word lists, a third of them in Penang (a
 * common search), joined over three years, one in ten deactivated.
 */
export async function seedClients(db: DbExecutor, count: number): Promise<number> {
  await db.execute(sql`
    insert into clients (company_id, company_name, contact_person, email, phone, address, active, created_at, updated_at)
    select
      'SCALE-' || lpad(g::text, 6, '0'),
      (array['Kawalan', 'Pengawal', 'Sentinel', 'Perisai', 'Benteng', 'Guardian', 'Aman', 'Setia'])[1 + g % 8]
        || ' ' || (array['Security', 'Patrol', 'Protection', 'Guards', 'Services'])[1 + (g / 8) % 5]
        || ' ' || g || ' Sdn Bhd',
      (array['Nur Aina', 'Farid Hassan', 'Mei Ling', 'Rajesh Kumar', 'Siti Aminah'])[1 + g % 5],
      'ops' || g || '@scale.example',
      '+60 3-' || lpad((g * 7919 % 10000)::text, 4, '0') || ' ' || lpad((g::bigint * 104729 % 10000)::text, 4, '0'),
      (array['Jalan Ampang, Kuala Lumpur', 'Lebuh Pantai, Penang', 'Jalan Wong Ah Fook, Johor Bahru'])[1 + g % 3],
      g % 10 <> 0,
      now() - (random() * interval '1095 days'),
      now()
    from generate_series(1, ${count}) as g`);
  return count;
}
