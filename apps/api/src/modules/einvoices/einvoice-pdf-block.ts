import QRCode from 'qrcode';
import type { MyInvoisSetting } from '../../config-myinvois';
import type { DbExecutor } from '../../db/client';
import type { EinvoicePdfSection } from '../../http/app-context';
import { findByDocumentId } from './einvoices.repo';
import { validationLink } from './einvoices.presenter';

export const einvoicePendingText = 'e-Invoice pending validation';
export const einvoiceConsolidatedText =
  "Included in the month's consolidated e-Invoice (no buyer TIN given)";

/** The validation time as Malaysia reads it (MyInvois runs on Malaysian time, UTC+8). */
function malaysianTime(at: Date): string {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Asia/Kuala_Lumpur',
    day: '2-digit',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hour12: false,
  }).format(at);
  return `${parts} (UTC+8)`;
}

/**
 * The e-invoice block of an invoice's or note's PDF: once Valid, a QR code of
 * `{portal}/{uuid}/share/{longId}` beside the UUID and the validation date and time; before that
 * "e-Invoice pending validation"; a cancelled one says so, and so does an invoice carried by the
 * month's consolidated e-invoice. Nothing while e-invoicing is off.
 */
export async function einvoicePdfSections(
  setting: MyInvoisSetting,
  db: DbExecutor,
  documentId: string,
): Promise<EinvoicePdfSection[]> {
  if (!setting.enabled) return [];
  const row = await findByDocumentId(db, documentId);
  if (row?.status === 'consolidated') {
    // Not an e-invoice of its own: the buyer gave no TIN (the guideline does not ask for the
    // consolidated e-invoice to be shared with the buyer).
    return [{ title: 'e-Invoice', lines: [einvoiceConsolidatedText] }];
  }
  if (row?.status === 'cancelled') {
    return [{ title: 'e-Invoice', lines: [`e-Invoice cancelled (UUID ${row.uuid ?? '-'})`] }];
  }
  if (row?.status !== 'valid' || !row.uuid || !row.longId || !row.validatedAt) {
    return [{ title: 'e-Invoice', lines: [einvoicePendingText] }];
  }
  const link = validationLink(setting.config.portalUrl, row.uuid, row.longId);
  const image = await QRCode.toBuffer(link, { type: 'png', margin: 1, width: 270 });
  return [
    {
      title: 'e-Invoice validated by LHDN MyInvois',
      lines: [`UUID: ${row.uuid}`, `Validated: ${malaysianTime(row.validatedAt)}`, link],
      image,
    },
  ];
}
