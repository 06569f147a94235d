import { ownValue } from './own-value';
import { shortReportId } from './crash-reports';

/** A diagnostic as shown: 'N/A' when missing or blank, else the text (numbers as written). */
export function valueOrNotAvailable(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return 'N/A';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : 'N/A';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  return value.trim() === '' ? 'N/A' : value;
}

const crashStatusLabels: Record<string, string> = {
  new: 'New',
  investigating: 'Investigating',
  'in-progress': 'In Progress',
  resolved: 'Resolved',
  closed: 'Closed',
  duplicate: 'Duplicate',
};

/** New, Investigating, In Progress, Resolved, Closed or Duplicate; anything else as sent. */
export function crashStatusLabel(status: string): string {
  return ownValue(crashStatusLabels, status) ?? status;
}

const reportTypeLabels: Record<string, string> = {
  automatic: 'Automatic',
  manual: 'Manual',
  debug: 'Debug',
};

/** Automatic, Manual or Debug; anything else as sent. */
export function crashReportTypeLabel(reportType: string): string {
  return ownValue(reportTypeLabels, reportType) ?? reportType;
}

/** A score the app attached to a report (additionalData.performanceScore and the like). */
export type CrashReportScore = { key: string; label: string; value: number };

const scoreKey = /score$/i;

/** 'performanceScore' -> 'Performance Score', 'battery_health_score' -> 'Battery Health Score'. */
function scoreLabel(key: string): string {
  return key
    .replace(/[_-]+/g, ' ')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .trim()
    .split(/\s+/)
    .map((word) => word[0]!.toUpperCase() + word.slice(1))
    .join(' ');
}

/**
 * The numeric scores among a report's additional data (keys ending in 'score', 0-100), for the
 * score badges of the details; anything else is left to the raw data.
 */
export function crashReportScores(additionalData: Record<string, unknown>): CrashReportScore[] {
  return Object.entries(additionalData)
    .filter(
      (entry): entry is [string, number] =>
        scoreKey.test(entry[0]) &&
        typeof entry[1] === 'number' &&
        Number.isFinite(entry[1]) &&
        entry[1] >= 0 &&
        entry[1] <= 100,
    )
    .map(([key, value]) => ({ key, label: scoreLabel(key), value }));
}

/**
 * The file a report's data is downloaded as: 'crash-report-3f2a9c1e.json', or
 * 'debug-report-3f2a9c1e.json' for a debug report.
 */
export function crashReportFileName(report: { id: string; reportType: string }): string {
  const kind = report.reportType === 'debug' ? 'debug' : 'crash';
  return `${kind}-report-${shortReportId(report.id)}.json`;
}
