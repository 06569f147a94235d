import {
  buildPagination,
  einvoiceCancelWindowMs,
  einvoiceMessages,
  type CancelEinvoiceBody,
  type EinvoiceActionResponse,
  type EinvoiceDetailResponse,
  type ListEinvoicesQuery,
  type ListEinvoicesResponse,
  type ValidateTaxpayerTinResponse,
} from '@patrol/contracts';
import type { MyInvoisConfig } from '../../config-myinvois';
import type { EinvoiceDocumentRow } from '../../db/schema';
import type { AppContext } from '../../http/app-context';
import { AppError, conflict, notFound } from '../../http/app-error';
import type { AuthUser } from '../../http/authenticate';
import { recordRowChange } from '../audit/audit.service';
import { reconsolidateIfCancelled } from './einvoice-consolidation';
import { fromStandardError } from './einvoice-errors';
import { announce } from './einvoice-worker-deps';
import { presentEinvoice, presentEinvoicingState, type Carriers } from './einvoices.presenter';
import {
  countByStatus,
  findByDocumentId,
  findByIds,
  findDocumentPage,
  updateDocument,
} from './einvoices.repo';
import {
  createMyInvoisClient,
  MyInvoisHttpError,
  MyInvoisUncertainError,
  type MyInvoisClient,
} from './myinvois-client';
import { createRedisTokenStore } from './myinvois-token-store';

type Deps = Pick<AppContext, 'db' | 'config' | 'events' | 'redis'>;

const clients = new WeakMap<MyInvoisConfig, MyInvoisClient>();

/**
 * This process's MyInvois client, none while e-invoicing is off. Its token is reused across calls,
 * and with Redis (`REDIS_URL`) across every process of `WORKERS`: one login an hour in all.
 */
export function myInvoisClientOf({
  config,
  redis,
}: Pick<AppContext, 'config' | 'redis'>): MyInvoisClient | null {
  if (!config.myinvois.enabled) return null;
  const settings = config.myinvois.config;
  let client = clients.get(settings);
  if (!client) {
    client = createMyInvoisClient({
      config: settings,
      tokenStore: redis ? createRedisTokenStore(redis, settings.clientId) : undefined,
    });
    clients.set(settings, client);
  }
  return client;
}

/** The consolidated e-invoices carrying any of `rows`. */
async function carriersOf(
  db: AppContext['db'],
  rows: readonly EinvoiceDocumentRow[],
): Promise<Carriers> {
  const ids = [...new Set(rows.map((row) => row.consolidatedInto).filter((id) => id !== null))];
  return new Map((await findByIds(db, ids)).map((row) => [row.id, row]));
}

const portalOf = (config: AppContext['config']) =>
  config.myinvois.enabled ? config.myinvois.config.portalUrl : null;

/** GET /api/business/einvoices: a page, the counts by status and the stale count. */
export async function listEinvoices(
  { db, config }: Pick<AppContext, 'db' | 'config'>,
  query: ListEinvoicesQuery,
  now = new Date(),
): Promise<ListEinvoicesResponse> {
  const { rows, totalCount } = await findDocumentPage(db, query, now);
  const carriers = await carriersOf(db, rows);
  return {
    success: true,
    einvoicing: presentEinvoicingState(config.myinvois),
    counts: await countByStatus(db, now),
    documents: rows.map((row) => presentEinvoice(row, portalOf(config), now, carriers)),
    pagination: buildPagination(query.page, query.limit, totalCount),
  };
}

/** GET /api/business/einvoices/{documentId} (the invoice's or note's id). */
export async function getEinvoice(
  { db, config }: Pick<AppContext, 'db' | 'config'>,
  documentId: string,
  now = new Date(),
): Promise<EinvoiceDetailResponse> {
  const row = await findByDocumentId(db, documentId);
  if (!row) throw notFound(einvoiceMessages.notFound);
  return {
    success: true,
    einvoicing: presentEinvoicingState(config.myinvois),
    document: presentEinvoice(row, portalOf(config), now, await carriersOf(db, [row])),
    submittedJson: row.documentJson,
  };
}

/**
 * POST .../{documentId}/retry: an Invalid document goes back to the queue, to be built and signed
 * again from the fixed invoice, client, product or settings.
 */
export async function retryEinvoice(
  { db, config, events }: Deps,
  actor: AuthUser,
  documentId: string,
  now = new Date(),
): Promise<EinvoiceActionResponse> {
  if (!config.myinvois.enabled) throw conflict(einvoiceMessages.disabled);
  const row = await db.transaction(async (tx) => {
    const before = await findByDocumentId(tx, documentId, true);
    if (!before) throw notFound(einvoiceMessages.notFound);
    if (before.status !== 'invalid')
      throw conflict(einvoiceMessages.retryNotAllowed(before.status));
    const after = await updateDocument(tx, before.id, {
      status: 'queued',
      documentJson: null,
      documentHash: null,
      uuid: null,
      submissionUid: null,
      longId: null,
      validatedAt: null,
      errors: [],
      queuedAt: now,
      nextAttemptAt: now,
    });
    await audit(tx, actor, 'einvoice.retried', before, after);
    return after;
  });
  announce(events, [row]);
  return {
    success: true,
    message: einvoiceMessages.retried,
    document: presentEinvoice(row, portalOf(config), now),
  };
}

/**
 * POST .../{documentId}/cancel: within 72 hours of validation MyInvois cancels the document;
 * after that the answer says to issue a credit note instead.
 */
export async function cancelEinvoice(
  { db, config, events, redis }: Deps,
  actor: AuthUser,
  documentId: string,
  body: CancelEinvoiceBody,
  now = new Date(),
): Promise<EinvoiceActionResponse> {
  const client = myInvoisClientOf({ config, redis });
  if (!client) throw conflict(einvoiceMessages.disabled);
  const before = await findByDocumentId(db, documentId);
  if (!before) throw notFound(einvoiceMessages.notFound);
  if (before.status !== 'valid' || !before.uuid) {
    throw conflict(einvoiceMessages.cancelNotValid(before.status));
  }
  const validatedAt = before.validatedAt?.getTime() ?? 0;
  if (now.getTime() - validatedAt > einvoiceCancelWindowMs) {
    throw conflict(einvoiceMessages.cancelWindowOver);
  }
  try {
    await client.cancelDocument(before.uuid, body.reason);
  } catch (error) {
    throw cancelRefusal(error);
  }
  const row = await db.transaction(async (tx) => {
    const after = await updateDocument(tx, before.id, {
      status: 'cancelled',
      cancelledAt: now,
      cancelReason: body.reason,
    });
    await audit(tx, actor, 'einvoice.cancelled', before, after);
    await reconsolidateIfCancelled(tx, after);
    return after;
  });
  announce(events, [row]);
  return {
    success: true,
    message: einvoiceMessages.cancelled,
    document: presentEinvoice(row, portalOf(config), now),
  };
}

function cancelRefusal(error: unknown): AppError {
  if (error instanceof MyInvoisHttpError) {
    if (error.error?.code === 'OperationPeriodOver')
      return conflict(einvoiceMessages.cancelWindowOver);
    const [first] = fromStandardError('cancel', error.error, new Date());
    return conflict(`MyInvois refused the cancellation: ${first?.message ?? error.message}`);
  }
  if (error instanceof MyInvoisUncertainError)
    return new AppError(503, 'SERVICE_UNAVAILABLE', einvoiceMessages.unavailable);
  throw error;
}

/** GET .../taxpayers/{tin}/validate: whether MyInvois knows the TIN with this identification. */
export async function validateTaxpayer(
  { config, redis }: Pick<AppContext, 'config' | 'redis'>,
  tin: string,
  query: { idType: string; idValue: string },
): Promise<ValidateTaxpayerTinResponse> {
  const client = myInvoisClientOf({ config, redis });
  if (!client) return { success: true, status: 'off', message: einvoiceMessages.disabled };
  try {
    const valid = await client.validateTaxpayerTin(tin, query.idType, query.idValue);
    return valid
      ? { success: true, status: 'valid', message: einvoiceMessages.tinValid }
      : { success: true, status: 'notFound', message: einvoiceMessages.tinUnknown };
  } catch (error) {
    if (error instanceof MyInvoisHttpError && error.status === 400) {
      return { success: true, status: 'notFound', message: einvoiceMessages.tinUnknown };
    }
    if (error instanceof MyInvoisHttpError || error instanceof MyInvoisUncertainError) {
      throw new AppError(503, 'SERVICE_UNAVAILABLE', einvoiceMessages.unavailable);
    }
    throw error;
  }
}

function audit(
  tx: Parameters<typeof recordRowChange>[0],
  actor: AuthUser,
  action: string,
  before: EinvoiceDocumentRow,
  after: EinvoiceDocumentRow,
) {
  const { documentJson: _b, ...beforeRow } = before;
  const { documentJson: _a, ...afterRow } = after;
  return recordRowChange(tx, {
    actorId: actor.id,
    requestId: actor.requestId,
    action,
    entityType: 'einvoice',
    before: beforeRow,
    after: afterRow,
  });
}
