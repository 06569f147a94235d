import type {
  BusinessStats,
  ListClientsResponse,
  ReportsResponse,
} from '@patrol/contracts';
import type { LicenceActivityFigures } from '@patrol/domain';
import type { LRUCache } from 'lru-cache';
import type { Logger } from 'pino';
import type { WriteBuffer } from '../buffers/write-buffer';
import type { QueryCache } from '../cache/query-cache';
import type { SnapshotCache } from '../cache/snapshot-cache';

type ReportData = ReportsResponse['data'];
import type { Config } from '../config';
import type { AppDb, Database, DbExecutor } from '../db/client';
import type { ClientRow, LicenceRow } from '../db/schema';
import type { EventBus } from '../events/event-bus';
import type { Mailer } from '../mail/mailer';
import type { Observability } from '../observability/observability';
import type { RedisClient } from '../redis/redis-client';
import type { PasswordHasher } from '../security/password-hasher';
import type { RateLimiters } from '../security/rate-limits';
import type { SecretBox } from '../security/secret-keys';
import type { AccessTokenVerifier } from './access-token';
import type { AuditNames } from './audit-names';
import type { AccountSource, SessionSource } from './authenticate';
import type { DeviceAuthenticator } from './device-access';

/**
 * Every service of one API process, built once by `createServices` (src/services.ts) and handed to
 * each route handler as `ctx`. Module services take it (or a `Pick<AppContext, ...>` of what they
 * use) as their first argument; nothing else keeps process-wide state.
 */
export interface AppContext {
  config: Config;
  logger: Logger;
  /** The open database: its dialect, ping and close. */
  database: Database;
  /** Shorthand for `database.db`, what services and repos use. */
  db: AppDb;
  /** Domain events: services publish after commit, the realtime server delivers them. */
  events: EventBus;
  /** The process's Redis connection when REDIS_URL is set. */
  redis: RedisClient | undefined;
  /** This process's own figures (requests, memory, CPU, sockets) and the other processes'. */
  observability: Observability;
  mailer: Mailer;
  passwords: PasswordHasher;
  secrets: {
    /** Seals TOTP secrets at rest. */
    totp: SecretBox;
    /** Keyed hash of a backup code. */
    hashBackupCode(code: string): string;
  };
  /** Uploaded files (logos, APKs): DATA_DIR/uploads. */
  uploads: { directory: string };
  /** Every abuse limit (security/rate-limits.ts), counted in Redis or in memory. */
  limits: RateLimiters;
  /** The client directory's totals (cards of the client list and the dashboard), from memory. */
  directoryTotals: SnapshotCache<DirectoryTotals>;
  /** Client list answers of the last second, by query; cleared by every client or licence change. */
  clientPages: QueryCache<ListClientsResponse>;
  /** The dashboard's aggregate figures (licence tiles, staff, revenue), served from memory. */
  dashboardFigures: SnapshotCache<DashboardFigures>;
  /** The billing figures of GET /api/business/dashboard-stats, served from memory. */
  businessStats: SnapshotCache<BusinessStats>;
  /** Counts of the billing documents, for the totals of unfiltered list pages. */
  billingTotals: SnapshotCache<BillingTotals>;
  /** Reports computed in the last few seconds, by period; cleared by every billing change. */
  reportCache: QueryCache<ReportData>;
  /**
   * The renewals view's totals of the last few seconds, by window; cleared by every client,
   * licence or billing change.
   */
  renewalTotals: QueryCache<ExpiryWindowTotals>;
  /**
   * How many rows a filtered billing list's filter matches (up to what the pager needs), by
   * table, filter and cap, for a few seconds: every page and sort of one filter share one count.
   * Cleared by every billing change.
   */
  listCounts: QueryCache<number>;
  /** The receipts tab's figures over the receipts a filter matches, likewise. */
  receiptFigures: QueryCache<ReceiptFigures>;
  /** Device tokens (by hash) resolved to their licence and client, so heartbeats skip the database. */
  deviceSessions: LRUCache<string, DeviceSessionRecord>;
  /** Heartbeats waiting to be written: one statement a second for every device. */
  heartbeats: WriteBuffer<HeartbeatEntry>;
  /** Session pings waiting to be counted: one batch a second for every device (ota module). */
  sessionPings: WriteBuffer<SessionPingEntry>;
  /** Checks access tokens against the configured secret, holding valid ones' claims. */
  accessTokens: AccessTokenVerifier;
  /** How `authenticate` finds the account behind an access token (the auth module provides it). */
  accounts: AccountSource;
  /** How `authenticate` checks that a token's session is still signed in (the auth module's). */
  sessions: SessionSource;
  /** How routes admitting the patrol app resolve its device token (the devices module's). */
  devices: DeviceAuthenticator;
  /** The names the audit screen shows (users and the billing read model provide them). */
  auditNames: AuditNames;
  /** How issuing an invoice or note queues it for MyInvois (the einvoices module's). */
  einvoiceQueue: EinvoiceQueuePort;
  /** Ends what the services opened (mailer, Redis, database), in order; safe to call twice. */
  close(): Promise<void>;
}

/** An issued billing document to submit to MyInvois. */
export interface EinvoiceQueueEntry {
  kind: 'invoice' | 'creditNote' | 'debitNote' | 'refundNote';
  documentId: string;
  number: string;
  clientName: string;
  issueDate: Date;
  /** Decimal string, as the money columns hold it. */
  totalAmount: string;
}

/** A block of a PDF (the PdfSection shape of src/pdf/billing-pdf.ts). */
export interface EinvoicePdfSection {
  title: string;
  lines: string[];
  image?: Buffer;
}

/**
 * Queues in the issuing transaction (nothing while e-invoicing is off), and answers the e-invoice
 * block of a document's PDF: the QR code, UUID and validation time once valid, "e-Invoice pending
 * validation" before (nothing while e-invoicing is off).
 */
export interface EinvoiceQueuePort {
  enqueue(tx: DbExecutor, entry: EinvoiceQueueEntry): Promise<void>;
  pdfSections(db: DbExecutor, documentId: string): Promise<EinvoicePdfSection[]>;
}

/** A device token's bound licence and client, as the device session cache holds them. */
export interface DeviceSessionRecord {
  licence: LicenceRow;
  client: ClientRow;
  tokenHash: string;
  /** When an unpaid invoice restricts and suspends the key (days, YYYY-MM-DD); null: none. */
  overdue?: OverdueStanding | null;
}

/** The first business days an unpaid invoice's keys are restricted and suspended. */
export interface OverdueStanding {
  /** The unpaid invoice that decides the key's state. */
  invoiceId: string;
  restrictedFrom: string;
  suspendedFrom: string;
  /**
   * The transition the audit trail holds for that invoice, as this process last knew it: a call
   * seeing another state records it (docs/licence-renewals.md).
   */
  recorded: 'restricted' | 'suspended' | null;
}

/** One device's latest heartbeat, waiting in the buffer (the latest per licence wins). */
export interface HeartbeatEntry {
  licenceId: string;
  tokenHash: string;
  at: Date;
  /** Consoles are told (licenceActivityUpdated) once the beat is written. */
  announce: boolean;
  clientId: string;
  licenceKey: string;
  deviceId: string;
}

/** One session ping of a device, waiting in the buffer (keyed by device, session and event). */
export interface SessionPingEntry {
  deviceId: string;
  platform: string;
  versionCode: number;
  versionName: string | undefined;
  sessionId: string;
  event: 'start' | 'end';
  status: 'exited' | 'crashed' | 'abnormal' | undefined;
  /** End only: the app was in active use (a crash is then user-perceived). */
  foreground: boolean;
  anr: boolean;
  at: Date;
}

/** The figures of the receipts tab over every receipt matching the filters. */
export interface ReceiptFigures {
  total: number;
  thisMonth: number;
  totalSen: number;
}

/** The keys, expiry groups and distinct clients of a renewals window. */
export interface ExpiryWindowTotals {
  groupCount: number;
  keyCount: number;
  clientCount: number;
}

/** How many quotations, invoices and receipts there are, whatever their state. */
export interface BillingTotals {
  quotations: number;
  invoices: number;
  receipts: number;
}

/** Directory-wide totals: the client list's summary cards and the dashboard's headline figures. */
export interface DirectoryTotals {
  totalClients: number;
  activeClients: number;
  /** Created in the last 30 days. */
  newThisMonth: number;
  totalLicences: number;
  boundLicences: number;
}

/** What the dashboard shows from aggregates over whole tables, computed behind the readers. */
export interface DashboardFigures {
  licences: LicenceActivityFigures;
  /** Staff accounts, and the active ones holding a live session. */
  staff: { total: number; signedIn: number };
  /** Money received on invoices that stand, in sen. */
  revenueSen: number;
  /** Keys an unpaid invoice restricts or suspends now. */
  overdueKeys: { restricted: number; suspended: number };
}
