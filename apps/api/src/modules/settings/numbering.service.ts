import {
  documentKinds,
  type CompanySettings,
  type DocumentKind,
  type NumberingPreview,
  type NumberingPreviewResponse,
  type NumberingSettings,
} from '@patrol/contracts';
import {
  documentNumberPattern,
  formatDocumentNumber,
  numberingPeriodKey,
  plannedDocumentSequence,
} from '@patrol/domain';
import type { DbExecutor } from '../../db/client';
import {
  lockNumberingRows,
  readNumberingState,
  saveIssuedSequence,
  type NumberingKeys,
} from './numbering.repo';
import { readCompanySettings } from './settings.service';

/** A document number issued by `nextDocumentNumber`. */
export interface IssuedDocumentNumber {
  /** The formatted number, e.g. 'INV-MP-2026-000001'. */
  number: string;
  sequence: number;
  /** The counter period it counts within ('' when numbering never resets). */
  periodKey: string;
}

function numberingKeys(kind: DocumentKind, config: NumberingSettings, now: Date): NumberingKeys {
  return {
    kind,
    periodKey: numberingPeriodKey(config, now),
    pattern: documentNumberPattern(config, now),
  };
}

/**
 * Issues the next number of a document kind from the numbering settings. Call it inside the
 * transaction that creates the document: the counter and pattern rows stay locked until that
 * transaction ends, so concurrent documents (in any API process) get distinct numbers, a number is
 * never issued twice whatever the settings went through, and a rolled-back document frees its
 * number again.
 */
export async function nextDocumentNumber(
  tx: DbExecutor,
  kind: DocumentKind,
  now: Date = new Date(),
): Promise<IssuedDocumentNumber> {
  const [issued] = await nextDocumentNumbers(tx, kind, 1, now);
  return issued!;
}

/** The next `count` numbers of a kind, consecutive, issued as nextDocumentNumber issues one. */
export async function nextDocumentNumbers(
  tx: DbExecutor,
  kind: DocumentKind,
  count: number,
  now: Date = new Date(),
): Promise<IssuedDocumentNumber[]> {
  const config = (await readCompanySettings(tx)).numberingSettings[kind];
  const keys = numberingKeys(kind, config, now);
  const first = plannedDocumentSequence(config, await lockNumberingRows(tx, keys));
  const sequences = Array.from({ length: count }, (_, index) => first + index);
  await saveIssuedSequence(tx, keys, first + count - 1);
  return sequences.map((sequence) => ({
    number: formatDocumentNumber(config, sequence, now),
    sequence,
    periodKey: keys.periodKey,
  }));
}

async function upcomingNumber(
  db: DbExecutor,
  kind: DocumentKind,
  config: NumberingSettings,
  now: Date,
): Promise<{ number: string; sequence: number }> {
  const state = await readNumberingState(db, numberingKeys(kind, config, now));
  const sequence = plannedDocumentSequence(config, state);
  return { number: formatDocumentNumber(config, sequence, now), sequence };
}

/**
 * POST /api/settings/numbering/preview: per kind, the next number under the saved settings and
 * under the proposed ones, and whether the change restarts the visible sequence (the next
 * sequence is lower than it would have been), which the settings page confirms first.
 */
export async function previewNumbering(
  db: DbExecutor,
  proposed: CompanySettings['numberingSettings'],
  now: Date = new Date(),
): Promise<NumberingPreviewResponse> {
  const saved = (await readCompanySettings(db)).numberingSettings;
  const entries = await Promise.all(
    documentKinds
      .filter((kind) => proposed[kind] !== undefined)
      .map(async (kind): Promise<[DocumentKind, NumberingPreview]> => {
        const current = await upcomingNumber(db, kind, saved[kind], now);
        const next = await upcomingNumber(db, kind, proposed[kind], now);
        return [
          kind,
          {
            current: current.number,
            next: next.number,
            restarts: next.sequence < current.sequence,
          },
        ];
      }),
  );
  return {
    success: true,
    numbers: Object.fromEntries(entries) as NumberingPreviewResponse['numbers'],
  };
}
