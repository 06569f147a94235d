import type { Activity, InvoiceLicence, LicenceAction, LicenceType } from '@patrol/contracts';
import { dayMs, extendedExpiry } from '@patrol/domain';
import type { DbExecutor } from '../../db/client';
import type { ClientRow, LicenceIssuanceRow, LicenceRow, NewLicenceRow } from '../../db/schema';
import type { DomainEvents } from '../../events/event-bus';
import type { AuthUser } from '../../http/authenticate';
import { userNamesById } from '../accounts/accounts.service';
import { publishActivity, recordActivity } from '../activity/activity.service';
import { recordRowChange } from '../audit/audit.service';
import { clientRowById, loadClient, lockClient } from '../clients/clients.service';
import {
  findLicenceHolders,
  findIssuances,
  insertIssuance,
  lockClientLicences,
  markLicencePaid,
} from './licence-billing.repo';
import { generateLicenceKey } from './licence-keys';
import { deleteLicenceRow, insertLicencesSkippingTakenKeys } from './licences.repo';

// Keys sold through billing: when the payment completing an invoice is validated, the invoices
// module hands its licence lines here, in its transaction. Each key issued or extended is recorded
// once per (line, slot) in licence_issuances, so a retry or a race never issues twice.

/** A paid licence line: what it sells and, from its product, the type and validity. */
export interface PaidLicenceLine {
  lineId: string;
  action: LicenceAction;
  quantity: number;
  renewalLicenceIds: readonly string[];
  licenceType: LicenceType;
  validityDays: number;
}

/** The invoice whose payment completed. */
export interface PayingInvoice {
  id: string;
  invoiceNumber: string;
  clientId: string | null;
}

/** What issuing did, to announce after commit. */
export interface PaidLicencesResult {
  client?: ClientRow;
  created: LicenceRow[];
  extended: LicenceRow[];
  activities: Activity[];
}

const keyGenerationRounds = 5;
const slotKey = (lineId: string, slot: number) => `${lineId}:${slot}`;

/**
 * The client (row id) holding each of the keys `ids`, an unknown id absent: a renewal line may
 * name only its client's keys.
 */
export function licenceHolders(
  db: DbExecutor,
  ids: readonly string[],
): Promise<Map<string, string>> {
  return findLicenceHolders(db, ids);
}

/**
 * Creates the new keys of every "new keys" line and extends every renewed key by the line's
 * validity from the later of now and its expiry, each marked paid by the line. Slots already
 * recorded are skipped: calling it again for the same invoice changes nothing.
 */
export async function issuePaidLicences(
  tx: DbExecutor,
  actor: AuthUser,
  invoice: PayingInvoice,
  lines: readonly PaidLicenceLine[],
  now: Date,
): Promise<PaidLicencesResult> {
  const result: PaidLicencesResult = { created: [], extended: [], activities: [] };
  if (!invoice.clientId || lines.length === 0) return result;
  const found = await clientRowById(tx, invoice.clientId);
  if (!found) return result;
  // The client, then the renewed keys, locked before the record is read: a concurrent issuing
  // waits here and then sees every slot the first one recorded.
  const client = await lockClient(tx, found.companyId);
  const renewed = await lockClientLicences(
    tx,
    client.id,
    lines.flatMap((line) => (line.action === 'renewal' ? line.renewalLicenceIds : [])),
  );
  const done = new Set(
    (await findIssuances(tx, invoice.id)).map((row) => slotKey(row.invoiceLineId, row.slot)),
  );
  const context = { tx, actor, invoice, client, now, done };
  for (const line of lines) {
    if (line.action === 'new_keys') {
      const created = await issueNewKeys(context, line);
      if (created.length > 0) {
        result.created.push(...created);
        result.activities.push(await lineActivity(context, line, created, 'licences_added'));
      }
    } else {
      const byId = new Map(renewed.map((row) => [row.id, row]));
      const extended = await extendKeys(context, line, byId);
      if (extended.length > 0) {
        result.extended.push(...extended);
        result.activities.push(await lineActivity(context, line, extended, 'licence_extended'));
      }
    }
  }
  return { ...result, client };
}

interface IssueContext {
  tx: DbExecutor;
  actor: AuthUser;
  invoice: PayingInvoice;
  client: ClientRow;
  now: Date;
  done: ReadonlySet<string>;
}

async function issueNewKeys(context: IssueContext, line: PaidLicenceLine): Promise<LicenceRow[]> {
  const { tx, actor, invoice, client, now, done } = context;
  const slots = Array.from({ length: line.quantity }, (_, slot) => slot).filter(
    (slot) => !done.has(slotKey(line.lineId, slot)),
  );
  if (slots.length === 0) return [];
  const validUntil = new Date(now.getTime() + line.validityDays * dayMs);
  const newRow = (): NewLicenceRow => ({
    key: generateLicenceKey(),
    clientId: client.id,
    licenceType: line.licenceType,
    validUntil,
    paidByInvoiceId: invoice.id,
    paidByLineId: line.lineId,
  });
  const rows: LicenceRow[] = [];
  for (let round = 0; round < keyGenerationRounds && rows.length < slots.length; round += 1) {
    const wanted = Array.from({ length: slots.length - rows.length }, newRow);
    rows.push(...(await insertLicencesSkippingTakenKeys(tx, wanted)));
  }
  if (rows.length < slots.length) throw new Error('Could not generate unique licence keys');
  const kept: LicenceRow[] = [];
  for (const [index, row] of rows.entries()) {
    const recorded = await insertIssuance(tx, {
      ...issuanceHead(context, line, slots[index]!),
      licenceId: row.id,
      licenceKey: row.key,
      action: 'issued',
      validUntilBefore: null,
      validUntilAfter: row.validUntil,
    });
    // Another issuing recorded this slot first: the key made here is not wanted.
    if (!recorded) {
      await deleteLicenceRow(tx, row.id);
      continue;
    }
    await auditLicence(tx, actor, 'licence.issued', null, row);
    kept.push(row);
  }
  return kept;
}

async function extendKeys(
  context: IssueContext,
  line: PaidLicenceLine,
  licences: ReadonlyMap<string, LicenceRow>,
): Promise<LicenceRow[]> {
  const { tx, actor, invoice, now, done } = context;
  const extended: LicenceRow[] = [];
  for (const [slot, id] of line.renewalLicenceIds.entries()) {
    const current = licences.get(id);
    // A key deleted since the quotation is no longer there to renew.
    if (!current || done.has(slotKey(line.lineId, slot))) continue;
    const validUntil = extendedExpiry(current.validUntil, line.validityDays, now);
    const recorded = await insertIssuance(tx, {
      ...issuanceHead(context, line, slot),
      licenceId: current.id,
      licenceKey: current.key,
      action: 'extended',
      validUntilBefore: current.validUntil,
      validUntilAfter: validUntil,
    });
    if (!recorded) continue;
    const updated = await markLicencePaid(tx, current.id, {
      paidByInvoiceId: invoice.id,
      paidByLineId: line.lineId,
      validUntil,
    });
    await auditLicence(tx, actor, 'licence.extended', current, updated);
    extended.push(updated);
  }
  return extended;
}

function issuanceHead(context: IssueContext, line: PaidLicenceLine, slot: number) {
  return {
    invoiceId: context.invoice.id,
    invoiceNumber: context.invoice.invoiceNumber,
    invoiceLineId: line.lineId,
    slot,
    issuedAt: context.now,
    issuedBy: context.actor.id,
  };
}

function lineActivity(
  { tx, actor, invoice, client }: IssueContext,
  line: PaidLicenceLine,
  rows: readonly LicenceRow[],
  type: 'licences_added' | 'licence_extended',
): Promise<Activity> {
  const keys = `${rows.length} ${line.licenceType} ${rows.length === 1 ? 'licence' : 'licences'}`;
  const detail =
    type === 'licences_added'
      ? `${keys} (${line.validityDays} days) issued to ${client.companyName}, paid by ${invoice.invoiceNumber}`
      : `${keys} of ${client.companyName} extended by ${line.validityDays} days, paid by ${invoice.invoiceNumber}`;
  return recordActivity(tx, {
    type,
    detail,
    companyId: client.companyId,
    refs: {
      companyName: client.companyName,
      companyId: client.companyId,
      invoiceNumber: invoice.invoiceNumber,
    },
    actorId: actor.id,
  });
}

/**
 * A licence's change in the trail (issued, extended, revoked), by who made it in which request;
 * the actor's id is null for the patrol app activating its licence (`licence.activated`).
 */
export function auditLicence(
  tx: DbExecutor,
  actor: { id: string | null; requestId?: string },
  action: string,
  before: LicenceRow | null,
  after: LicenceRow | null,
): Promise<void> {
  const snapshot = (row: LicenceRow | null) =>
    row && { ...row, deviceTokenHash: row.deviceTokenHash ? '(set)' : null };
  return recordRowChange(tx, {
    actorId: actor.id,
    requestId: actor.requestId,
    action,
    entityType: 'licence',
    before: snapshot(before),
    after: snapshot(after),
  });
}

/** After commit: the client's counts changed (new keys), renewed keys changed, and the activity. */
export async function announcePaidLicences(
  db: DbExecutor,
  events: DomainEvents,
  result: PaidLicencesResult,
): Promise<void> {
  if (!result.client) return;
  const client = result.client;
  for (const licence of result.extended) {
    events.publish('licenceUpdated', {
      action: 'extend',
      licence: {
        key: licence.key,
        bound: licence.bound,
        deviceId: licence.deviceId,
        projectName: licence.projectName,
      },
      clientId: client.id,
    });
  }
  if (result.created.length > 0 || result.extended.length > 0) {
    const current = await loadClient(db, client.companyId);
    if (current) events.publish('clientUpdated', current);
  }
  for (const activity of result.activities) publishActivity(events, activity);
}

/** The keys an invoice issued or extended, with who revoked them. */
export async function invoiceLicences(
  db: DbExecutor,
  invoiceId: string,
): Promise<InvoiceLicence[]> {
  const rows = await findIssuances(db, invoiceId);
  return presentIssuances(db, rows);
}

export async function presentIssuances(
  db: DbExecutor,
  rows: readonly LicenceIssuanceRow[],
): Promise<InvoiceLicence[]> {
  const names = await userNamesById(
    db,
    rows.flatMap((row) => (row.revokedBy ? [row.revokedBy] : [])),
  );
  return rows.map((row) => {
    const revoker = row.revokedBy ? names.get(row.revokedBy) : undefined;
    return {
      id: row.id,
      invoiceLineId: row.invoiceLineId,
      licenceId: row.licenceId,
      licenceKey: row.licenceKey,
      action: row.action,
      validUntilBefore: row.validUntilBefore?.toISOString() ?? null,
      validUntilAfter: row.validUntilAfter?.toISOString() ?? null,
      issuedAt: row.issuedAt.toISOString(),
      revokedAt: row.revokedAt?.toISOString() ?? null,
      revokedBy: row.revokedAt ? revoker?.fullName || revoker?.username || 'Unknown User' : null,
    };
  });
}
