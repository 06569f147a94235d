import { sql } from 'drizzle-orm';
import type { DbExecutor } from '../../apps/api/src/db/client';

/**
 * Connects seeded licences to the invoices that paid them, in one statement (cheap at any scale):
 * each "new keys" line of a paid and validated invoice takes as many of its client's unpaid keys
 * as its quantity (oldest first, in the order the invoices were validated), marks them paid by the
 * invoice and line, and records the issuance as the validation would have. Clients with fewer
 * keys than their invoices sold keep what they have; keys beyond stay "added by hand".
 *
 * Call it in a transaction: the licences' row trigger that moves an invoice's paid_key_count a key
 * at a time (migration 0049) is off meanwhile, and one statement recounts every paying invoice.
 */
export async function connectPaidLicences(db: DbExecutor): Promise<number> {
  await db.execute(sql`alter table licences disable trigger licences_paid_keys_update`);
  const connected = await markPaidLicences(db);
  await db.execute(sql`
    update invoices i set paid_key_count = k.keys
    from (select paid_by_invoice_id as id, count(*)::int as keys from licences
      where paid_by_invoice_id is not null group by 1) k
    where i.id = k.id and i.paid_key_count <> k.keys`);
  await db.execute(sql`alter table licences enable trigger licences_paid_keys_update`);
  return connected;
}

async function markPaidLicences(db: DbExecutor): Promise<number> {
  const result = await db.execute<{ connected: number }>(sql`
    with paid_lines as (
      select l.id as line_id, l.invoice_id, i.invoice_number, i.client_id, l.quantity,
        i.validated_by, coalesce(i.validated_at, i.issue_date) as paid_at
      from invoice_line_items l join invoices i on i.id = l.invoice_id
      where l.licence_action = 'new_keys' and i.client_id is not null and not i.is_voided
        and i.payment_status = 'paid' and i.payment_validation_status = 'validated'
    ),
    slots as (
      select p.*, sum(p.quantity) over (
        partition by p.client_id order by p.paid_at, p.line_id) - p.quantity as first_slot
      from paid_lines p
    ),
    ranked as (
      select id, client_id, key, valid_until,
        row_number() over (partition by client_id order by created_at, id) - 1 as n
      from licences where paid_by_invoice_id is null
        and client_id in (select client_id from paid_lines)
    ),
    matched as (
      select r.id as licence_id, r.key, r.valid_until, s.line_id, s.invoice_id, s.invoice_number,
        s.validated_by, s.paid_at, (r.n - s.first_slot)::int as slot
      from slots s
      cross join lateral generate_series(s.first_slot, s.first_slot + s.quantity - 1) as wanted(n)
      join ranked r on r.client_id = s.client_id and r.n = wanted.n
    ),
    marked as (
      update licences set paid_by_invoice_id = m.invoice_id, paid_by_line_id = m.line_id
      from matched m where licences.id = m.licence_id
      returning licences.id
    ),
    recorded as (
      insert into licence_issuances (invoice_id, invoice_number, invoice_line_id, slot, licence_id,
        licence_key, action, valid_until_before, valid_until_after, issued_at, issued_by)
      select invoice_id, invoice_number, line_id, slot, licence_id, key, 'issued', null,
        valid_until, paid_at, validated_by
      from matched
      on conflict do nothing
      returning id
    )
    select (select count(*) from marked)::int as connected`);
  return result.rows[0]?.connected ?? 0;
}
