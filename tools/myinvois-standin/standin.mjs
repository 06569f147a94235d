#!/usr/bin/env node
// A stand-in of the MyInvois identity service and e-invoicing API for tests, journeys and local
// runs: `node tools/myinvois-standin/standin.mjs --port 0` prints `listening <url>`. One server
// answers both hosts (identity and API). What it follows and how to script it: README.md.
import { createServer } from 'node:http';
import { pathToFileURL } from 'node:url';
import {
  advance,
  createStore,
  defaultScript,
  issueToken,
  submitDocuments,
  summaryOf,
  tokenIsValid,
  validationResultsOf,
} from './standin-store.mjs';

const routes = [
  { name: 'token', method: 'POST', pattern: /^\/connect\/token$/ },
  { name: 'submit', method: 'POST', pattern: /^\/api\/v1\.0\/documentsubmissions\/?$/ },
  { name: 'submission', method: 'GET', pattern: /^\/api\/v1\.0\/documentsubmissions\/([^/]+)$/ },
  { name: 'search', method: 'GET', pattern: /^\/api\/v1\.0\/documents\/search$/ },
  { name: 'details', method: 'GET', pattern: /^\/api\/v1\.0\/documents\/([^/]+)\/details$/ },
  { name: 'cancel', method: 'PUT', pattern: /^\/api\/v1\.0\/documents\/state\/([^/]+)\/state$/ },
  { name: 'validate', method: 'GET', pattern: /^\/api\/v1\.0\/taxpayer\/validate\/([^/]+)$/ },
];

/** Starts the stand-in on `port` (0: a free one) of 127.0.0.1; answers { url, store, close }. */
export async function startMyInvoisStandin({ port = 0, now = () => Date.now() } = {}) {
  const store = createStore();
  const server = createServer((req, res) => {
    const chunks = [];
    req.on('data', (chunk) => chunks.push(chunk));
    req.on('end', () => {
      handle(store, req, res, Buffer.concat(chunks).toString('utf8'), now).catch((error) => {
        send(res, 500, { error: { code: 'InternalError', message: String(error) } });
      });
    });
  });
  await new Promise((resolve) => server.listen(port, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${server.address().port}`;
  return {
    url,
    store,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

async function handle(store, req, res, raw, now) {
  const url = new URL(req.url ?? '/', 'http://standin');
  if (url.pathname.startsWith('/__standin/')) return control(store, req, res, url, raw);
  const route = routes.find((r) => r.method === req.method && r.pattern.test(url.pathname));
  if (!route) return send(res, 404, { error: { code: 'NotFound', message: 'No such endpoint.' } });
  store.requests.push({ endpoint: route.name, method: req.method, path: url.pathname });
  const scripted = takeAnswer(store, route.name);
  if (scripted?.delayMs) await new Promise((resolve) => setTimeout(resolve, scripted.delayMs));
  // 'drop' does the work, then closes the socket without an answer (a lost response).
  if (scripted?.status) return answerScripted(res, scripted);
  const param = decodeURIComponent(route.pattern.exec(url.pathname)?.[1] ?? '');
  if (route.name === 'token') return token(store, res, raw, now());
  if (!tokenIsValid(store, req.headers.authorization, now())) {
    return send(res, 401, { error: 'invalid_token' });
  }
  const answer = endpoint(store, route.name, param, url, raw, now());
  if (scripted?.drop) {
    res.socket?.destroy();
    return;
  }
  return send(res, answer.status, answer.body, answer.headers);
}

function endpoint(store, name, param, url, raw, now) {
  const body = raw ? safeJson(raw) : null;
  switch (name) {
    case 'submit':
      return submitDocuments(store, body, raw, now);
    case 'submission': {
      const submission = store.submissions.get(param);
      if (!submission) return { status: 404, body: { error: { code: 'NotFound' } } };
      const docs = submission.uuids.map((uuid) => store.documents.get(uuid));
      for (const doc of docs) advance(store, doc, now);
      const statuses = docs.map((doc) => doc.status);
      const overallStatus = statuses.includes('Submitted')
        ? 'in progress'
        : statuses.every((s) => s === 'Valid' || s === 'Cancelled')
          ? 'valid'
          : statuses.every((s) => s === 'Invalid')
            ? 'invalid'
            : 'partially valid';
      return {
        status: 200,
        body: {
          submissionUid: submission.submissionUid,
          documentCount: docs.length,
          dateTimeReceived: new Date(submission.receivedAt).toISOString(),
          overallStatus,
          documentSummary: docs.map(summaryOf),
        },
      };
    }
    case 'search': {
      const query = url.searchParams.get('searchQuery') ?? '';
      const result = [...store.documents.values()]
        .filter((doc) => !query || doc.internalId === query || doc.uuid === query)
        .map(summaryOf);
      return {
        status: 200,
        body: { result, metadata: { totalPages: 1, totalCount: result.length } },
      };
    }
    case 'details': {
      const doc = store.documents.get(param);
      if (!doc) return { status: 404, body: { error: { code: 'NotFound' } } };
      return {
        status: 200,
        body: { ...summaryOf(doc), validationResults: validationResultsOf(doc) },
      };
    }
    case 'cancel':
      return cancel(store, param, body, now);
    case 'validate': {
      const idType = url.searchParams.get('idType');
      const idValue = url.searchParams.get('idValue');
      if (!idType || !idValue || !['NRIC', 'PASSPORT', 'BRN', 'ARMY'].includes(idType)) {
        return {
          status: 400,
          body: { error: { code: 'BadArgument', message: 'idType and idValue are required.' } },
        };
      }
      if (store.script.unknownTins.includes(param)) return { status: 404, body: null };
      return { status: 200, body: null };
    }
    default:
      return { status: 404, body: null };
  }
}

/**
 * PUT /api/v1.0/documents/state/{uuid}/state: `status: "cancelled"` by the issuer (Cancel
 * Document) or `status: "rejected"` by the buyer (Reject Document), with a reason, within 72 hours
 * of validation. A rejection leaves the document Valid with its request time and reason.
 */
function cancel(store, uuid, body, now) {
  const doc = store.documents.get(uuid);
  if (!doc) return { status: 404, body: { error: { code: 'NotFound' } } };
  const wanted = body?.status;
  if (
    (wanted !== 'cancelled' && wanted !== 'rejected') ||
    !body?.reason ||
    String(body.reason).length > 300
  ) {
    return {
      status: 400,
      body: { error: { code: 'BadArgument', message: 'status and reason are required.' } },
    };
  }
  const allowed = wanted === 'rejected' ? ['Valid'] : ['Valid', 'Submitted'];
  if (!allowed.includes(doc.status) || (wanted === 'rejected' && doc.rejectRequestedAt)) {
    return {
      status: 400,
      body: { error: { code: 'IncorrectState', message: `The document is ${doc.status}.` } },
    };
  }
  if (doc.validatedAt && now - doc.validatedAt > 72 * 3_600_000) {
    return {
      status: 400,
      body: { error: { code: 'OperationPeriodOver', message: 'The time to cancel has passed.' } },
    };
  }
  doc.statusReason = String(body.reason);
  if (wanted === 'rejected') {
    doc.rejectRequestedAt = now;
    return { status: 200, body: { uuid, status: 'Requested for Rejection' } };
  }
  doc.status = 'Cancelled';
  doc.cancelledAt = now;
  return { status: 200, body: { uuid, status: 'Cancelled' } };
}

function token(store, res, raw, now) {
  const form = new URLSearchParams(raw);
  const id = form.get('client_id');
  const secret = form.get('client_secret');
  if (form.get('grant_type') !== 'client_credentials' || !id || !secret || secret === 'wrong') {
    return send(res, 400, { error: 'invalid_client' });
  }
  return send(res, 200, issueToken(store, now));
}

function takeAnswer(store, name) {
  const index = store.script.answers.findIndex((a) => !a.endpoint || a.endpoint === name);
  if (index < 0) return undefined;
  return store.script.answers.splice(index, 1)[0];
}

function answerScripted(res, scripted) {
  const headers =
    scripted.retryAfter !== undefined ? { 'retry-after': String(scripted.retryAfter) } : {};
  const body =
    scripted.status === 429
      ? { error: { code: 'TooManyRequests', message: 'Rate limit reached.' } }
      : scripted.status === 401
        ? { error: 'invalid_token' }
        : { error: { code: 'ServerError', message: 'The stand-in was told to fail.' } };
  return send(res, scripted.status, body, headers);
}

/** /__standin/script (POST, merged), /__standin/state (GET), /__standin/reset (POST). */
function control(store, req, res, url, raw) {
  if (url.pathname === '/__standin/state') {
    return send(res, 200, {
      logins: store.logins,
      requests: store.requests,
      submissions: [...store.submissions.values()],
      documents: [...store.documents.values()].map((doc) => ({
        ...summaryOf(doc),
        document: doc.document,
      })),
    });
  }
  if (url.pathname === '/__standin/reset') {
    Object.assign(store, createStore());
    return send(res, 200, { ok: true });
  }
  if (url.pathname === '/__standin/script' && req.method === 'POST') {
    const patch = safeJson(raw) ?? {};
    if (patch.revokeTokens) store.tokens.clear();
    const { revokeTokens: _ignored, ...fields } = patch;
    store.script = { ...defaultScript(), ...store.script, ...fields };
    return send(res, 200, store.script);
  }
  return send(res, 404, null);
}

function safeJson(raw) {
  try {
    return JSON.parse(raw);
  } catch {
    return null;
  }
}

function send(res, status, body, headers = {}) {
  const text = body === null || body === undefined ? '' : JSON.stringify(body);
  res.writeHead(status, { ...(text ? { 'content-type': 'application/json' } : {}), ...headers });
  res.end(text);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const portIndex = process.argv.indexOf('--port');
  const port = portIndex > 0 ? Number(process.argv[portIndex + 1]) : 0;
  const standin = await startMyInvoisStandin({ port });
  console.log(`listening ${standin.url}`);
  process.on('SIGTERM', () => void standin.close().then(() => process.exit(0)));
  process.on('SIGINT', () => void standin.close().then(() => process.exit(0)));
}
