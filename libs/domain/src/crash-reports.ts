import { ownValue } from './own-value';

/** The battery level of a crash report: 'N/A' when missing, 'Invalid' outside 0-100, else '85%'. */
export function batteryLevelText(level: number | string | null | undefined): string {
  if (level === null || level === undefined || level === '') return 'N/A';
  const value = typeof level === 'number' ? level : Number(level);
  if (!Number.isFinite(value) || value < 0 || value > 100) return 'Invalid';
  return `${Math.round(value)}%`;
}

export type ScoreColour = 'green' | 'yellow' | 'red';

/** Score badges: above 80 green, above 60 yellow, else red. */
export function crashScoreColour(score: number): ScoreColour {
  if (score > 80) return 'green';
  if (score > 60) return 'yellow';
  return 'red';
}

const severityLabels: Record<string, string> = {
  critical: 'Critical',
  high: 'High',
  medium: 'Medium',
  low: 'Low',
};

/** Critical, High, Medium or Low; anything else is Unknown. */
export function severityLabel(severity: string | null | undefined): string {
  return ownValue(severityLabels, (severity ?? '').toLowerCase()) ?? 'Unknown';
}

/** A report id shortened to its first 8 characters for the table. */
export function shortReportId(id: string): string {
  return id.slice(0, 8);
}

const severityRanks: Record<string, number> = { critical: 4, high: 3, medium: 2, low: 1 };

/**
 * Severity as a number to compare and sort by: critical 4, high 3, medium 2, low 1, anything else
 * 0 (the database's severity_rank column computes the same).
 */
export function crashSeverityRank(severity: string | null | undefined): number {
  return ownValue(severityRanks, (severity ?? '').toLowerCase()) ?? 0;
}
