import { createHash } from 'node:crypto';

// The canonical serialisation of an audit row, as docs/audit-trail.md defines it for auditors.
// The database hashes rows with the same rules (audit_canonical_json, migration 0018); this is the
// independent implementation the verifier uses.

/** The previous hash of the first row of the chain. */
export const genesisHash = '0'.repeat(64);

// A JSON string token, or a number token outside strings.
const stringOrNumber = /"(?:[^"\\]|\\.)*"|-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?/g;

/**
 * Parses JSON text (as PostgreSQL prints jsonb) with every number kept as its exact decimal text,
 * a string: a float never rounds it, and "numbers as text" is what the canonical form writes.
 */
export function parseNumbersAsText(json: string): unknown {
  return JSON.parse(
    json.replace(stringOrNumber, (token) => (token.startsWith('"') ? token : `"${token}"`)),
  );
}

const byCodePoint = (a: string, b: string) => Buffer.compare(Buffer.from(a), Buffer.from(b));

/**
 * Canonical JSON: no whitespace, object keys sorted by Unicode code point, arrays in order,
 * strings escaped as JSON.stringify does, numbers written as strings of their decimal text.
 */
export function canonicalJson(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'number') return JSON.stringify(String(value));
  if (typeof value !== 'object') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const keys = Object.keys(value).sort(byCodePoint);
  const record = value as Record<string, unknown>;
  return `{${keys.map((key) => `${JSON.stringify(key)}:${canonicalJson(record[key])}`).join(',')}}`;
}

/** A stored audit row as the chain hashes it; text exactly as the database prints it. */
export interface ChainedAuditRow {
  seq: number;
  id: string;
  /** ISO 8601 in UTC with microseconds, e.g. 2026-11-27T14:38:05.123456Z. */
  createdAt: string;
  actorId: string | null;
  action: string;
  entityType: string;
  entityId: string;
  requestId: string | null;
  /** The `changes` jsonb as PostgreSQL prints it. */
  changesJson: string;
  prevHash: string;
}

/** SHA-256 (hex) of the row's canonical serialisation, which includes the previous row's hash. */
export function auditRowHash(row: ChainedAuditRow): string {
  const content = {
    seq: String(row.seq),
    id: row.id,
    createdAt: row.createdAt,
    actorId: row.actorId,
    action: row.action,
    entityType: row.entityType,
    entityId: row.entityId,
    requestId: row.requestId,
    changes: parseNumbersAsText(row.changesJson),
    prevHash: row.prevHash,
  };
  return createHash('sha256').update(canonicalJson(content), 'utf8').digest('hex');
}
