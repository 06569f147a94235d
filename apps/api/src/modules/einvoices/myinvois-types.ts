// Request and response shapes of the MyInvois e-invoicing API, as the SDK pages give them
// (sdk.myinvois.hasil.gov.my: Login as Taxpayer System, Submit Documents, Get Submission, Get
// Document Details, Search Documents, Cancel Document, Validate Taxpayer's TIN).

/** POST {identity}/connect/token answer (OAuth 2.0 client credentials). */
export interface MyInvoisToken {
  access_token: string;
  token_type: string;
  expires_in: number;
  scope?: string;
}

/** The SDK's standard error: code, message, target and nested details. */
export interface MyInvoisStandardError {
  code?: string;
  message?: string;
  target?: string | null;
  propertyPath?: string | null;
  details?: MyInvoisStandardError[] | null;
}

/** One document of a submission. */
export interface MyInvoisSubmissionItem {
  format: 'JSON';
  /** The document's bytes, base64. */
  document: string;
  /** SHA-256 hex of the document's bytes. */
  documentHash: string;
  /** Our internal number of the document. */
  codeNumber: string;
}

/** POST /api/v1.0/documentsubmissions answer (202). */
export interface MyInvoisSubmitResponse {
  submissionUid: string;
  acceptedDocuments: { uuid: string; invoiceCodeNumber: string }[];
  rejectedDocuments: { invoiceCodeNumber: string; error: MyInvoisStandardError }[];
}

export type MyInvoisDocumentStatus =
  'Submitted' | 'Valid' | 'Invalid' | 'Cancelled' | 'Requested for Rejection';

/** A document's summary in get-submission and search answers. */
export interface MyInvoisDocumentSummary {
  uuid: string;
  submissionUid: string;
  longId?: string | null;
  internalId: string;
  status: MyInvoisDocumentStatus;
  dateTimeReceived?: string | null;
  dateTimeValidated?: string | null;
  cancelDateTime?: string | null;
  rejectRequestDateTime?: string | null;
  documentStatusReason?: string | null;
}

/** GET /api/v1.0/documentsubmissions/{submissionUid} answer. */
export interface MyInvoisSubmission {
  submissionUid: string;
  documentCount: number;
  dateTimeReceived: string;
  overallStatus: 'in progress' | 'valid' | 'partially valid' | 'invalid';
  documentSummary: MyInvoisDocumentSummary[];
}

/** One step of a document's validation, with its error when it failed. */
export interface MyInvoisValidationStep {
  name: string;
  status: string;
  error?: {
    propertyName?: string | null;
    propertyPath?: string | null;
    errorCode?: string | null;
    error?: string | null;
    errorMS?: string | null;
    innerError?: MyInvoisValidationStep['error'][] | null;
  } | null;
}

/** GET /api/v1.0/documents/{uuid}/details answer. */
export interface MyInvoisDocumentDetails extends MyInvoisDocumentSummary {
  validationResults?: { status: string; validationSteps?: MyInvoisValidationStep[] | null } | null;
}

/** GET /api/v1.0/documents/search answer. */
export interface MyInvoisSearchResponse {
  result: MyInvoisDocumentSummary[];
  metadata?: { totalPages: number; totalCount: number };
}
