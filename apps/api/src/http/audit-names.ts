import type { DbExecutor } from '../db/client';

/** What an audit entry is about, in words. */
export interface AuditLabel {
  /** A document number (INV-, QUO-, RCP-), a product's or a person's name. */
  label: string | null;
  clientName: string | null;
}

/** One entry of a page, as far as its label needs. */
export interface LabelledEntry {
  entityType: string;
  entityId: string;
  changes: Record<string, { before?: unknown; after?: unknown }>;
}

/** A person as the trail names them. */
export interface ActorName {
  id: string;
  username: string;
  fullName: string;
}

/**
 * The names the audit screen shows, read from the modules that own them (users, the billing read
 * model) and wired in the composition root, so the audit module, which every module writes to,
 * imports none of them.
 */
export interface AuditNames {
  actors(db: DbExecutor, ids: readonly string[]): Promise<Map<string, ActorName>>;
  /** Labels keyed `${entityType}:${entityId}`, one query per entity type on the page. */
  labels(db: DbExecutor, entries: readonly LabelledEntry[]): Promise<Map<string, AuditLabel>>;
  /** The company's time zone (settings), in which the screen shows each entry's time. */
  timeZone(db: DbExecutor): Promise<string>;
}
