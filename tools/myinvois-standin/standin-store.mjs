// The stand-in's memory: issued tokens, submissions and documents, and the script a test set.
// Plain JavaScript (node runs it without a build); shapes follow the MyInvois SDK pages named in
// README.md.
import { createHash, randomBytes, randomUUID } from 'node:crypto';

/** What a test can script; every field optional, reset by POST /__standin/reset. */
export function defaultScript() {
  return {
    /** Seconds an access token lives (expires_in). */
    tokenLifetimeSeconds: 3600,
    /** 'valid' or 'invalid': the outcome of documents not named below. */
    outcome: 'valid',
    /** Internal numbers (codeNumber) whose documents end Invalid. */
    invalidNumbers: [],
    /** Get-submission polls a document stays "Submitted" before its outcome. */
    pollsBeforeOutcome: 1,
    /** TINs that validate-TIN answers 404 for. */
    unknownTins: [],
    /** Hours to add to each validation time's age (a document validated long ago). */
    validatedHoursAgo: 0,
    /** One-shot answers, consumed in order by the first matching request. */
    answers: [],
  };
}

export function createStore() {
  return {
    script: defaultScript(),
    tokens: new Map(),
    submissions: new Map(),
    documents: new Map(),
    recentSubmissionHashes: new Map(),
    requests: [],
    logins: 0,
  };
}

export function issueToken(store, now) {
  const token = randomBytes(24).toString('base64url');
  const lifetime = store.script.tokenLifetimeSeconds;
  store.tokens.set(token, now + lifetime * 1000);
  store.logins += 1;
  return { access_token: token, token_type: 'Bearer', expires_in: lifetime, scope: 'InvoicingAPI' };
}

export function tokenIsValid(store, header, now) {
  const token = /^Bearer (.+)$/.exec(header ?? '')?.[1];
  const expires = token ? store.tokens.get(token) : undefined;
  return expires !== undefined && expires > now;
}

const maxDocuments = 100;
const maxSubmissionBytes = 5 * 1024 * 1024;
const maxDocumentBytes = 300 * 1024;

function standardError(code, message, target, details) {
  return { error: { code, message, target: target ?? null, details: details ?? null } };
}

/** Decodes the base64 document; its internal ID is the UBL's Invoice[0].ID[0]._ when present. */
function readDocument(item) {
  const text = Buffer.from(item.document ?? '', 'base64').toString('utf8');
  let json = null;
  try {
    json = JSON.parse(text);
  } catch {
    json = null;
  }
  const root = json && (json.Invoice ?? json.CreditNote ?? json.DebitNote ?? json.RefundNote);
  const typeCode = root?.[0]?.InvoiceTypeCode?.[0]?._ ?? '01';
  return { text, json, typeCode };
}

/**
 * POST /api/v1.0/documentsubmissions: answers 202 with the accepted and rejected documents, or a
 * 400 for a submission that breaks the SDK's limits, or 422 DuplicateSubmission with Retry-After
 * when the identical submission arrived in the last 10 minutes.
 */
export function submitDocuments(store, body, raw, now) {
  const documents = Array.isArray(body?.documents) ? body.documents : null;
  if (!documents || documents.length === 0) {
    return { status: 400, body: standardError('BadStructure', 'Submission has no documents.') };
  }
  if (documents.length > maxDocuments) {
    return {
      status: 400,
      body: standardError('BadStructure', `Submission holds more than ${maxDocuments} documents.`),
    };
  }
  if (Buffer.byteLength(raw) > maxSubmissionBytes) {
    return { status: 400, body: standardError('MaximumSizeExceeded', 'Submission exceeds 5 MB.') };
  }
  const submissionHash = createHash('sha256').update(raw).digest('hex');
  const seen = store.recentSubmissionHashes.get(submissionHash);
  if (seen !== undefined && now - seen < 10 * 60_000) {
    return {
      status: 422,
      headers: { 'retry-after': String(Math.ceil((seen + 10 * 60_000 - now) / 1000)) },
      body: standardError('DuplicateSubmission', 'Identical submission received recently.'),
    };
  }
  store.recentSubmissionHashes.set(submissionHash, now);
  const submissionUid = randomBytes(13).toString('hex').toUpperCase().slice(0, 26);
  const acceptedDocuments = [];
  const rejectedDocuments = [];
  for (const item of documents) {
    const codeNumber = String(item.codeNumber ?? '');
    const rejection = rejectionOf(store, item, codeNumber);
    if (rejection) {
      rejectedDocuments.push({ invoiceCodeNumber: codeNumber, error: rejection });
      continue;
    }
    const uuid = randomUUID().replace(/-/g, '').slice(0, 26).toUpperCase();
    const { typeCode } = readDocument(item);
    const invalid =
      store.script.outcome === 'invalid' || store.script.invalidNumbers.includes(codeNumber);
    store.documents.set(uuid, {
      uuid,
      submissionUid,
      internalId: codeNumber,
      typeCode,
      document: Buffer.from(item.document, 'base64').toString('utf8'),
      receivedAt: now,
      pollsLeft: store.script.pollsBeforeOutcome,
      outcome: invalid ? 'Invalid' : 'Valid',
      status: 'Submitted',
      longId: null,
      validatedAt: null,
      cancelledAt: null,
      rejectRequestedAt: null,
      statusReason: null,
    });
    acceptedDocuments.push({ uuid, invoiceCodeNumber: codeNumber });
  }
  store.submissions.set(submissionUid, {
    submissionUid,
    receivedAt: now,
    uuids: acceptedDocuments.map((d) => d.uuid),
  });
  return { status: 202, body: { submissionUid, acceptedDocuments, rejectedDocuments } };
}

function rejectionOf(store, item, codeNumber) {
  const bytes = Buffer.from(item.document ?? '', 'base64');
  if (bytes.length > maxDocumentBytes) {
    return { code: 'MaximumSizeExceeded', message: 'Document exceeds 300 KB.', target: codeNumber };
  }
  const hash = createHash('sha256').update(bytes).digest('hex');
  if (item.documentHash !== hash) {
    return { code: 'IncorrectHash', message: 'documentHash does not match.', target: codeNumber };
  }
  for (const existing of store.documents.values()) {
    if (existing.internalId === codeNumber && existing.status !== 'Invalid') {
      if (existing.status === 'Cancelled') continue;
      return {
        code: 'DS302',
        message: 'The document is already submitted.',
        target: codeNumber,
        details: [
          { code: 'DS302', message: `Duplicate of ${existing.uuid}`, target: existing.uuid },
        ],
      };
    }
  }
  return null;
}

/** One poll moves every "Submitted" document of the submission one step to its outcome. */
export function advance(store, doc, now) {
  if (doc.status !== 'Submitted') return;
  if (doc.pollsLeft > 0) {
    doc.pollsLeft -= 1;
    return;
  }
  doc.status = doc.outcome;
  doc.validatedAt = now - store.script.validatedHoursAgo * 3_600_000;
  if (doc.status === 'Valid') doc.longId = randomBytes(20).toString('hex').toUpperCase();
}

export function summaryOf(doc) {
  return {
    uuid: doc.uuid,
    submissionUid: doc.submissionUid,
    longId: doc.longId ?? '',
    internalId: doc.internalId,
    typeName: typeNames[doc.typeCode] ?? 'Invoice',
    typeVersionName: '1.1',
    issuerTin: 'C00000000000',
    issuerName: 'Stand-in supplier',
    receiverId: null,
    receiverName: null,
    dateTimeIssued: new Date(doc.receivedAt).toISOString(),
    dateTimeReceived: new Date(doc.receivedAt).toISOString(),
    dateTimeValidated: doc.validatedAt ? new Date(doc.validatedAt).toISOString() : null,
    totalExcludingTax: 0,
    totalDiscount: 0,
    totalNetAmount: 0,
    totalPayableAmount: 0,
    status: doc.status,
    cancelDateTime: doc.cancelledAt ? new Date(doc.cancelledAt).toISOString() : null,
    rejectRequestDateTime: doc.rejectRequestedAt
      ? new Date(doc.rejectRequestedAt).toISOString()
      : null,
    documentStatusReason: doc.statusReason,
    createdByUserId: 'standin',
  };
}

const typeNames = { '01': 'Invoice', '02': 'Credit Note', '03': 'Debit Note', '04': 'Refund Note' };

/** The validation results of GET /documents/{uuid}/details. */
export function validationResultsOf(doc) {
  if (doc.status !== 'Invalid') {
    return {
      status: doc.status,
      validationSteps: [{ status: doc.status, name: 'Step01-Structure Validator' }],
    };
  }
  return {
    status: 'Invalid',
    validationSteps: [
      { status: 'Valid', name: 'Step01-Structure Validator' },
      {
        status: 'Invalid',
        name: 'Step03-Taxpayer TIN Validator',
        error: {
          propertyName: 'AccountingCustomerParty',
          propertyPath: 'Invoice.AccountingCustomerParty.Party.PartyIdentification.ID',
          errorCode: 'CV302',
          error: 'Buyer TIN is not valid.',
          errorMS: 'TIN pembeli tidak sah.',
          innerError: null,
        },
      },
    ],
  };
}
