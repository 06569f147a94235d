import { sql } from 'drizzle-orm';
import type { DbExecutor } from '../../../apps/api/src/db/client';
import { connectPaidLicences } from '../../seed/paid-licences';

export interface BillingCounts {
  products: number;
  quotations: number;
  invoices: number;
  receipts: number;
  creditNotes: number;
  debitNotes: number;
  refundNotes: number;
}

/** A calendar day `days` before today, stored as the UTC midnight that starts it. */
const daysAgo = (days: string) =>
  sql.raw(`((current_date - (${days})::int)::timestamp at time zone 'UTC')`);

/**
 * Billing over three years, through bulk SQL: `products` products (one in ten inactive) and
 * `quotations` quotations of the scale's clients with two lines each, spread evenly over the
 * days. Six in ten are converted to invoices issued two days later on NET_30; invoices older than
 * 60 days are mostly paid and validated (with a receipt), newer ones are a mix of paid awaiting
 * validation, partly paid (validated, with a partial receipt) and unpaid, so the aging, overdue and pending figures all have rows.
 */
export async function seedBilling(
  db: DbExecutor,
  plan: { products: number; quotations: number },
): Promise<BillingCounts> {
  await db.execute(sql`
    insert into products (product_id, name, description, category, unit_price, unit, active, created_at,
      licence_type, validity_days)
    select
      'SCALE-PRD-' || lpad(g::text, 6, '0'),
      (array['Patrol licence', 'Support plan', 'Guard training', 'NFC tag pack', 'Maintenance', 'Consulting'])[1 + g % 6] || ' ' || g,
      'Scale product ' || g,
      (array['licence', 'support', 'training', 'hardware', 'maintenance', 'consultation'])[1 + g % 6],
      round((50 + g::bigint * 7919 % 5000)::numeric / 10, 2),
      (array['license', 'month', 'hour', 'piece', 'service', 'year'])[1 + g % 6],
      g % 10 <> 0,
      now() - (g % 1000) * interval '1 day',
      case when g % 6 = 0 then (array['Standard', 'Premium', 'Trial'])[1 + g % 3] end,
      case when g % 6 = 0 then (array[365, 365, 14])[1 + g % 3] end
    from generate_series(1, ${plan.products}) as g`);

  const quotationDay = daysAgo(`(g::bigint * 1095 / ${plan.quotations})`);
  await db.execute(sql`
    with numbered as (
      select id, company_name, contact_person, email, phone, address,
        row_number() over (order by company_id) as idx
      from clients where company_id like 'SCALE-%'
    ),
    total as (select count(*) as n from numbered),
    drawn as (
      select g, 1 + (g * 2654435761 % (select n from total)) as idx,
        ${quotationDay} as day,
        1 + g % 5 as quantity,
        round((500 + g::bigint * 7919 % 40000)::numeric / 10, 2) as price
      from generate_series(1, ${plan.quotations}) as g
    )
    insert into quotations (quotation_number, client_id, client_info, quotation_date, valid_until,
      validity_days, payment_terms, subtotal, tax_amount, total_amount, status, created_at, updated_at)
    select
      'SQ-' || lpad(d.g::text, 7, '0'),
      c.id,
      jsonb_build_object('companyName', c.company_name, 'contactPerson', c.contact_person,
        'email', c.email, 'phone', c.phone, 'address', c.address),
      d.day, d.day + interval '30 days', 30, 'NET_30',
      d.quantity * d.price + 100,
      round((d.quantity * d.price + 100) * 0.08, 2),
      d.quantity * d.price + 100 + round((d.quantity * d.price + 100) * 0.08, 2),
      (array['converted', 'converted', 'converted', 'converted', 'converted', 'converted',
        'draft', 'sent', 'accepted', 'rejected'])[1 + d.g % 10],
      d.day, d.day
    from drawn d join numbered c on c.idx = d.idx`);

  await db.execute(sql`
    insert into quotation_items (quotation_id, position, product_name, description, quantity, unit_price, line_total, licence_action)
    select q.id, item.position, item.name, item.description, item.quantity, item.price, item.quantity * item.price,
      case when item.position = 0 then 'new_keys' end
    from quotations q
    cross join lateral (values
      (0, 'Patrol licence', 'One device, one year', (q.subtotal - 100) / (1 + substr(q.quotation_number, 4)::int % 5) , 1 + substr(q.quotation_number, 4)::int % 5),
      (1, 'Installation', 'On-site set-up', 100::numeric, 1)
    ) as item(position, name, description, price, quantity)
    where q.quotation_number like 'SQ-%'`);

  // The invoice's state follows its age and a hash of its number.
  await db.execute(sql`
    with converted as (
      select q.*, substr(q.quotation_number, 4)::int as g,
        current_date - (q.quotation_date at time zone 'UTC')::date as age
      from quotations q where q.quotation_number like 'SQ-%' and q.status = 'converted'
    ),
    staged as (
      select c.*,
        case
          when c.age > 60 then (array['paid', 'paid', 'paid', 'paid', 'paid', 'paid', 'paid', 'paid', 'partial', 'unpaid'])[1 + (c.g / 10) % 10]
          else (array['paid', 'paid', 'paid', 'pending', 'pending', 'partial', 'partial', 'unpaid', 'unpaid', 'unpaid'])[1 + (c.g / 10) % 10]
        end as state
      from converted c
    )
    insert into invoices (invoice_number, quotation_id, client_id, client_info, issue_date, due_date,
      payment_terms, subtotal, tax_amount, total_amount, paid_amount, validated_amount, payment_status,
      payment_validation_status, validated_at, status, created_at, updated_at)
    select
      'SI-' || substr(s.quotation_number, 4), s.id, s.client_id, s.client_info,
      s.quotation_date + interval '2 days', s.quotation_date + interval '32 days', 'NET_30',
      s.subtotal, s.tax_amount, s.total_amount,
      case s.state when 'unpaid' then 0 when 'partial' then round(s.total_amount / 2, 2) else s.total_amount end,
      case s.state when 'unpaid' then 0 when 'partial' then round(s.total_amount / 2, 2) when 'paid' then s.total_amount else 0 end,
      case s.state when 'unpaid' then 'unpaid' when 'partial' then 'partial' else 'paid' end,
      case s.state when 'paid' then 'validated' when 'partial' then 'validated' when 'pending' then 'pending_validation' else 'none' end,
      case when s.state in ('paid', 'partial') then s.quotation_date + interval '20 days' end,
      'issued',
      s.quotation_date + interval '2 days', s.quotation_date + interval '2 days'
    from staged s`);

  await db.execute(sql`analyze quotations, quotation_items, invoices`);
  await db.execute(sql`
    update quotations q set invoice_id = i.id, invoice_number = i.invoice_number
    from invoices i where i.quotation_id = q.id and i.invoice_number like 'SI-%'`);

  await db.execute(sql`
    insert into invoice_line_items (invoice_id, position, description, quantity, unit_price, tax_rate, tax_amount, line_total, licence_action)
    select i.id, qi.position, qi.product_name || ' - ' || qi.description, qi.quantity, qi.unit_price, 0.08,
      round(qi.line_total * 0.08, 2), qi.line_total, qi.licence_action
    from invoices i join quotation_items qi on qi.quotation_id = i.quotation_id
    where i.invoice_number like 'SI-%'`);

  // One payment per paid or partly paid invoice, dated within its terms and never in the future;
  // a partial payment is validated with its partial receipt.
  await db.execute(sql`
    insert into payment_entries (invoice_id, amount, payment_method, payment_date, reference_number, status, created_at, validated_at)
    select i.id, i.paid_amount,
      (array['bank_transfer', 'bank_transfer', 'bank_transfer', 'online_banking', 'cheque', 'cash', 'credit_card', 'e_wallet'])[1 + substr(i.invoice_number, 4)::int % 8],
      least(i.issue_date + (substr(i.invoice_number, 4)::int % 40) * interval '1 day', (current_date::timestamp at time zone 'UTC')),
      'TRX-' || substr(i.invoice_number, 4),
      case when i.payment_validation_status = 'validated' then 'validated' else 'pending_validation' end,
      i.issue_date, i.validated_at
    from invoices i where i.invoice_number like 'SI-%' and i.paid_amount > 0`);

  await db.execute(sql`
    insert into receipts (receipt_number, invoice_numbers, payment_date, client_id, client_info,
      total_amount, payment_method, transaction_type, reference_number, verification_code,
      line_items, created_at, updated_at)
    select 'SR-' || substr(i.invoice_number, 4), jsonb_build_array(i.invoice_number), p.payment_date, i.client_id,
      i.client_info, p.amount, p.payment_method,
      case when p.amount < i.total_amount then 'partial_payment' else 'full_payment' end, p.reference_number,
      upper(substr(md5(i.id::text), 1, 12)),
      jsonb_build_array(jsonb_build_object('description', 'Invoice ' || i.invoice_number, 'quantity', 1,
        'unitPrice', i.total_amount, 'amount', i.total_amount)),
      i.validated_at, i.validated_at
    from invoices i join payment_entries p on p.invoice_id = i.id
    where i.invoice_number like 'SI-%' and i.payment_validation_status = 'validated'`);

  await db.execute(sql`
    insert into receipt_allocations (receipt_id, invoice_id, invoice_number, allocated_amount, outstanding_before, outstanding_after)
    select r.id, i.id, i.invoice_number, r.total_amount, i.total_amount, i.total_amount - r.total_amount
    from receipts r join invoices i on i.invoice_number = r.invoice_numbers->>0
    where r.receipt_number like 'SR-%'`);

  await db.execute(sql`
    update payment_entries p set receipt_id = r.id
    from receipts r, invoices i
    where r.receipt_number like 'SR-%' and i.invoice_number = r.invoice_numbers->>0 and p.invoice_id = i.id`);

  // The licences the paid invoices sold say so ("Paid by SI-..."): one statement for every client,
  // planned on the statistics of the rows this transaction wrote (autovacuum cannot see them).
  await db.execute(sql`analyze licences, invoices, invoice_line_items`);
  await connectPaidLicences(db);

  await seedInvoiceNotes(db);

  const counted = await db.execute<{
    products: number;
    quotations: number;
    invoices: number;
    receipts: number;
    creditNotes: number;
    debitNotes: number;
    refundNotes: number;
  }>(sql`
    select (select count(*)::int from products) as products,
      (select count(*)::int from quotations) as quotations,
      (select count(*)::int from invoices) as invoices,
      (select count(*)::int from receipts) as receipts,
      (select count(*)::int from invoice_notes where kind = 'credit') as "creditNotes",
      (select count(*)::int from invoice_notes where kind = 'debit') as "debitNotes",
      (select count(*)::int from invoice_notes where kind = 'refund') as "refundNotes"`);
  return counted.rows[0]!;
}

/**
 * Credit, debit and refund notes in proportion, in a statement each: one in ten validated paid
 * invoices gets a credit note of a tenth of its total (so it has a refund due), half of those a
 * refund note paying back half that refund five days later, one in five partly paid invoices a
 * debit note of a twentieth; the invoices carry the notes' totals as the API keeps them.
 */
async function seedInvoiceNotes(db: DbExecutor): Promise<void> {
  // Constants of this script, written into the statement (a bound text has no type in jsonb).
  const text = (value: string) => sql.raw(`'${value.replace(/'/g, "''")}'`);
  const noteOf = (
    kind: 'credit' | 'debit',
    prefix: string,
    state: string,
    every: number,
    share: number,
  ) => sql`
    insert into invoice_notes (kind, note_number, invoice_id, invoice_number, client_id, client_info,
      issue_date, reason, line_items, subtotal, tax_amount, total_amount, invoice_owed_after,
      refund_due, created_at)
    select ${text(kind)}, ${text(prefix)} || substr(i.invoice_number, 4), i.id, i.invoice_number, i.client_id,
      i.client_info, i.issue_date + interval '30 days', ${text(kind === 'credit' ? 'Service credit for missed patrols' : 'Additional guard hours')},
      jsonb_build_array(jsonb_build_object('description', ${text(kind === 'credit' ? 'Service credit' : 'Additional guard hours')},
        'quantity', 1, 'unitPrice', n.amount, 'taxType', 'EXEMPT', 'taxRate', 0, 'taxAmount', 0,
        'lineTotal', n.amount)),
      n.amount, 0, n.amount,
      ${kind === 'credit' ? sql`i.total_amount - n.amount` : sql`i.total_amount + n.amount`},
      ${kind === 'credit' ? sql`least(n.amount, i.validated_amount)` : sql`0`},
      i.issue_date + interval '30 days'
    from invoices i
    cross join lateral (select round(i.total_amount * ${sql.raw(String(share))}, 2) as amount) n
    where i.invoice_number like 'SI-%' and i.payment_status = ${text(state)}
      and i.payment_validation_status = 'validated'
      and substr(i.invoice_number, 4)::int % ${sql.raw(String(every))} = 0 and n.amount > 0`;
  await db.execute(noteOf('credit', 'SCN-', 'paid', 10, 0.1));
  await db.execute(noteOf('debit', 'SDN-', 'partial', 5, 0.05));
  await db.execute(sql`
    insert into invoice_notes (kind, note_number, invoice_id, invoice_number, client_id, client_info,
      issue_date, reason, line_items, subtotal, tax_amount, total_amount, invoice_owed_after,
      refund_due, refund_method, refund_date, refund_reference, created_at)
    select 'refund', 'SRN-' || substr(c.invoice_number, 4), c.invoice_id, c.invoice_number,
      c.client_id, c.client_info, c.issue_date + interval '5 days', 'Service credit paid back',
      jsonb_build_array(jsonb_build_object('description', 'Service credit paid back',
        'quantity', 1, 'unitPrice', r.amount, 'taxType', 'EXEMPT', 'taxRate', 0, 'taxAmount', 0,
        'lineTotal', r.amount)),
      r.amount, 0, r.amount, c.invoice_owed_after, c.refund_due - r.amount, 'bank_transfer',
      c.issue_date + interval '5 days', 'SRF-' || substr(c.invoice_number, 4),
      c.issue_date + interval '5 days'
    from invoice_notes c
    cross join lateral (select round(c.refund_due / 2, 2) as amount) r
    where c.kind = 'credit' and c.note_number like 'SCN-%'
      and substr(c.invoice_number, 4)::int % 20 = 0 and r.amount > 0`);
  await db.execute(sql`
    update invoices i set credited_amount = n.credited, debited_amount = n.debited,
      refunded_amount = n.refunded
    from (
      select invoice_id,
        coalesce(sum(total_amount) filter (where kind = 'credit'), 0) as credited,
        coalesce(sum(total_amount) filter (where kind = 'debit'), 0) as debited,
        coalesce(sum(total_amount) filter (where kind = 'refund'), 0) as refunded
      from invoice_notes group by invoice_id
    ) n
    where n.invoice_id = i.id and i.invoice_number like 'SI-%'`);
}
