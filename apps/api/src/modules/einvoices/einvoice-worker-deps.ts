import type { Logger } from 'pino';
import type { MyInvoisConfig } from '../../config-myinvois';
import type { AppDb } from '../../db/client';
import type { EinvoiceDocumentRow } from '../../db/schema';
import type { EventBus } from '../../events/event-bus';
import type { EinvoiceSourceLoader } from './einvoice-prepare';
import type { MyInvoisClient } from './myinvois-client';

export interface EinvoiceWorkerDeps {
  db: AppDb;
  events: EventBus;
  logger: Logger;
  config: MyInvoisConfig;
  client: MyInvoisClient;
  loadSource: EinvoiceSourceLoader;
  /** This process, as the lease names it. */
  holder: string;
  random?: () => number;
}

/** Publishes the change of a document's e-invoice to the consoles. */
export function announce(events: EventBus, rows: Pick<EinvoiceDocumentRow, 'documentId'>[]) {
  for (const row of rows) {
    events.publish('billingUpdated', {
      entity: 'einvoice',
      action: 'status_changed',
      id: row.documentId,
    });
  }
}

/** DS302: the document (our number) is already submitted. */
export function isDuplicate(code: string | undefined): boolean {
  return code === 'DS302' || code === 'DuplicateSubmission';
}

/** The SDK asks for get-submission polls 3 to 5 seconds apart. */
export function pollDelayMs(deps: Pick<EinvoiceWorkerDeps, 'random'>): number {
  return 3_000 + Math.floor((deps.random ?? Math.random)() * 2_000);
}
