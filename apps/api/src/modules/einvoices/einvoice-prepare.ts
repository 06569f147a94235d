import type { EinvoiceError } from '@patrol/contracts';
import type { MyInvoisConfig } from '../../config-myinvois';
import type { EinvoiceDocumentRow } from '../../db/schema';
import { buildUblDocument } from './document/build-ubl-document';
import type { EInvoiceSource } from './document/einvoice-source';
import { precheckEInvoiceSource } from './document/precheck-ubl-source';
import { signUblDocument } from './document/sign-ubl-document';
import { localError } from './einvoice-errors';

/** SDK "Submit Documents" limits. */
export const maxDocumentsPerSubmission = 100;
export const maxSubmissionBytes = 5 * 1024 * 1024;
export const maxDocumentBytes = 300 * 1024;

/** Gathers the source of a queued document from the modules that own its parts. */
export type EinvoiceSourceLoader = (row: EinvoiceDocumentRow) => Promise<EInvoiceSource>;

export type PreparedDocument =
  { ok: true; json: string; documentHash: string } | { ok: false; errors: EinvoiceError[] };

/**
 * The signed JSON of a queued document: the one stored when it was prepared before (a document is
 * never re-signed between a lost answer and its check), else built, pre-checked and signed now.
 */
export async function prepareDocument(
  row: EinvoiceDocumentRow,
  loadSource: EinvoiceSourceLoader,
  config: Pick<MyInvoisConfig, 'signingKeyPem' | 'signingCertificatePem'>,
  now: Date,
): Promise<PreparedDocument> {
  if (row.documentJson && row.documentHash) {
    return { ok: true, json: row.documentJson, documentHash: row.documentHash };
  }
  let source: EInvoiceSource;
  try {
    source = await loadSource(row);
  } catch (error) {
    return {
      ok: false,
      errors: [localError('SourceUnavailable', (error as Error).message, null, now)],
    };
  }
  const check = precheckEInvoiceSource(source);
  if (!check.ok) {
    return {
      ok: false,
      errors: check.errors.map((problem) =>
        localError('Precheck', problem.message, problem.field, now),
      ),
    };
  }
  const signed = signUblDocument(buildUblDocument(source), {
    privateKeyPem: config.signingKeyPem,
    certificatePem: config.signingCertificatePem,
    signingTime: now,
  });
  if (Buffer.byteLength(signed.json) > maxDocumentBytes) {
    const message = 'The signed document is larger than the 300 KB MyInvois accepts';
    return { ok: false, errors: [localError('MaximumSizeExceeded', message, null, now)] };
  }
  return { ok: true, json: signed.json, documentHash: signed.documentHash };
}

/** The submission entry of a prepared document. */
export function submissionItem(number: string, json: string, documentHash: string) {
  return {
    format: 'JSON' as const,
    document: Buffer.from(json, 'utf8').toString('base64'),
    documentHash,
    codeNumber: number,
  };
}

/** Bytes an entry adds to the submission body (base64 document, hash, number, punctuation). */
export function submissionBytes(item: ReturnType<typeof submissionItem>): number {
  return item.document.length + item.documentHash.length + item.codeNumber.length + 64;
}
