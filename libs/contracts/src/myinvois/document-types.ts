/**
 * e-Invoice types (SDK code table "e-Invoice Types") and the document version this console
 * submits. Version 1.1 is the signed version; 1.0 (unsigned) is not used.
 */
export const eInvoiceDocumentTypes = [
  { kind: 'invoice', code: '01', description: 'Invoice' },
  { kind: 'creditNote', code: '02', description: 'Credit Note' },
  { kind: 'debitNote', code: '03', description: 'Debit Note' },
  { kind: 'refundNote', code: '04', description: 'Refund Note' },
  { kind: 'selfBilledInvoice', code: '11', description: 'Self-billed Invoice' },
  { kind: 'selfBilledCreditNote', code: '12', description: 'Self-billed Credit Note' },
  { kind: 'selfBilledDebitNote', code: '13', description: 'Self-billed Debit Note' },
  { kind: 'selfBilledRefundNote', code: '14', description: 'Self-billed Refund Note' },
] as const;

/** The four kinds this console issues (self-billed documents are not issued by a provider). */
export const eInvoiceKinds = ['invoice', 'creditNote', 'debitNote', 'refundNote'] as const;
export type EInvoiceKind = (typeof eInvoiceKinds)[number];

/** InvoiceTypeCode of each kind the console issues. */
export const eInvoiceTypeCodes: Record<EInvoiceKind, '01' | '02' | '03' | '04'> = {
  invoice: '01',
  creditNote: '02',
  debitNote: '03',
  refundNote: '04',
};

/** The document version submitted (InvoiceTypeCode listVersionID). */
export const eInvoiceDocumentVersion = '1.1';

/** Buyer and supplier identification schemes besides the TIN (SDK "Validate Taxpayer's TIN"). */
export const myInvoisIdTypes = ['BRN', 'NRIC', 'PASSPORT', 'ARMY'] as const;
export type MyInvoisIdType = (typeof myInvoisIdTypes)[number];
export const myInvoisIdTypeLabels: Record<MyInvoisIdType, string> = {
  BRN: 'Business registration number (BRN)',
  NRIC: 'MyKad / MyKas (NRIC)',
  PASSPORT: 'Passport / MyPR',
  ARMY: 'MyTentera (army)',
};

/** The general TINs of LHDN's e-Invoice guideline, appendix 1. */
export const generalTins = {
  generalPublic: 'EI00000000010',
  foreignBuyer: 'EI00000000020',
  foreignSupplier: 'EI00000000030',
  government: 'EI00000000040',
} as const;

/** Submission limits of the SDK's Submit Documents call. */
export const myInvoisSubmissionLimits = {
  documentsPerSubmission: 100,
  submissionBytes: 5 * 1024 * 1024,
  documentBytes: 300 * 1024,
} as const;
