import { randomInt } from 'node:crypto';
import {
  buildPagination,
  type ListReceiptsQuery,
  type ListReceiptsResponse,
  type PaymentMethod,
  type Receipt,
  type ReceiptResponse,
  type TransactionType,
} from '@patrol/contracts';
import { billingRangeStart, businessDay, fromSen } from '@patrol/domain';
import type { DbExecutor } from '../../db/client';
import { dayStart, moneyColumn } from '../../db/column-values';
import type { DocumentClientInfo, ReceiptLineItem } from '../../db/schema';
import type { AppContext } from '../../http/app-context';
import { notFound } from '../../http/app-error';
import type { AuthUser } from '../../http/authenticate';
import { recordRowChange, withLines } from '../audit/audit.service';
import { readCompanySettings } from '../settings/settings.service';
import { nextDocumentNumber } from '../settings/numbering.service';
import { receiptNotFoundMessage } from './receipt-pdf';
import { presentReceipt, presentReceiptSummary } from './receipts.presenter';
import {
  findReceiptAllocations,
  findReceiptById,
  findReceiptPage,
  insertReceipt,
  insertReceiptAllocations,
} from './receipts.repo';

/** GET /api/business/receipts: a page and the figures over every matching receipt. */
export async function listReceipts(
  { db, receiptFigures }: Pick<AppContext, 'db' | 'receiptFigures'>,
  query: ListReceiptsQuery,
  now: Date = new Date(),
): Promise<ListReceiptsResponse> {
  const today = businessDay(now);
  const { rows, figures } = await findReceiptPage(
    db,
    {
      ...query,
      today,
      rangeStart: query.dateRange && billingRangeStart(query.dateRange, today),
    },
    receiptFigures,
  );
  return {
    success: true,
    receipts: rows.map(presentReceiptSummary),
    pagination: buildPagination(query.page, query.limit, figures.total),
    statistics: {
      total: figures.total,
      thisMonth: figures.thisMonth,
      totalAmount: fromSen(figures.totalSen),
    },
  };
}

/** GET /api/business/receipts/{id}: the receipt whole; 404 'Receipt not found'. */
export async function getReceipt(db: DbExecutor, id: string): Promise<ReceiptResponse> {
  const [row, allocations] = await Promise.all([
    findReceiptById(db, id),
    findReceiptAllocations(db, [id]),
  ]);
  if (!row) throw notFound(receiptNotFoundMessage);
  return { success: true, receipt: presentReceipt(row, allocations) };
}

/** A payment a receipt covers, in sen. */
export interface ReceiptPayment {
  amountSen: number;
  method: PaymentMethod;
  /** 'YYYY-MM-DD'. */
  date: string;
  reference: string;
}

/** What one validated payment gives its receipt. */
export interface ReceiptSource {
  invoiceId: string;
  invoiceNumber: string;
  clientId: string | null;
  clientInfo: DocumentClientInfo;
  payment: ReceiptPayment;
  /** What the invoice still owed before this payment was validated, and after. */
  outstandingBeforeSen: number;
  outstandingAfterSen: number;
  transactionType: TransactionType;
  lineItems: readonly ReceiptLineItem[];
}

/**
 * Issues the receipt of one validated payment inside the validating transaction: numbered from
 * the settings, allocated to its invoice with the outstanding amount before and after, its own
 * method, date and reference, a verification code and the first audit entry.
 */
export async function issueReceipt(
  tx: DbExecutor,
  actor: AuthUser,
  source: ReceiptSource,
  now: Date = new Date(),
): Promise<Receipt> {
  const { payment } = source;
  const { number } = await nextDocumentNumber(tx, 'receipt', now);
  const bank = (await readCompanySettings(tx)).bankDetails;
  const row = await insertReceipt(tx, {
    receiptNumber: number,
    invoiceNumbers: [source.invoiceNumber],
    paymentDate: dayStart(payment.date),
    clientId: source.clientId,
    clientInfo: source.clientInfo,
    totalAmount: moneyColumn(fromSen(payment.amountSen)),
    paymentMethod: payment.method,
    transactionType: source.transactionType,
    referenceNumber: payment.reference,
    verificationCode: verificationCode(),
    lineItems: [...source.lineItems],
    bankDetails:
      payment.method === 'bank_transfer'
        ? {
            bankName: bank.bankName,
            accountNumber: bank.accountNumber,
            transactionId: payment.reference,
          }
        : null,
    auditLog: [
      {
        action: 'created',
        at: now.toISOString(),
        by: actor.fullName || actor.username,
        metadata: { paymentMethods: [payment.method] },
      },
    ],
    createdBy: actor.id,
    updatedBy: actor.id,
  });
  const allocations = await insertReceiptAllocations(tx, [
    {
      receiptId: row.id,
      invoiceId: source.invoiceId,
      invoiceNumber: source.invoiceNumber,
      allocatedAmount: moneyColumn(fromSen(payment.amountSen)),
      outstandingBefore: moneyColumn(fromSen(source.outstandingBeforeSen)),
      outstandingAfter: moneyColumn(fromSen(source.outstandingAfterSen)),
    },
  ]);
  await recordRowChange(tx, {
    actorId: actor.id,
    requestId: actor.requestId,
    action: 'receipt.issued',
    entityType: 'receipt',
    before: null,
    after: withLines(row, allocations),
  });
  return presentReceipt(row, allocations);
}

// No 0/O or 1/I/L, so a code read aloud or retyped from paper is not mistaken.
const codeAlphabet = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

/** 12 random characters (about 59 bits) as XXXX-XXXX-XXXX: printed on the receipt, not guessable. */
export function verificationCode(): string {
  const characters = Array.from({ length: 12 }, () => codeAlphabet[randomInt(codeAlphabet.length)]);
  return [0, 4, 8].map((start) => characters.slice(start, start + 4).join('')).join('-');
}
