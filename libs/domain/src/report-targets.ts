/** Performance targets of the reports tab (spec 3 section 9). */
export const reportTargets = {
  monthlyRevenue: 100000,
  collectionRate: 95,
  conversionRate: 30,
  daysToCollect: 30,
} as const;

export type ReportTargetKey = keyof typeof reportTargets;
export type TargetStatus = 'On target' | 'Needs attention' | 'Below target';

export interface TargetEvaluation {
  key: ReportTargetKey;
  label: string;
  /** Null when there is nothing to measure (no payment collected: no days to collect). */
  actual: number | null;
  target: number;
  lowerIsBetter: boolean;
  /** How far the actual value goes towards the target, in percent with one decimal. */
  percentOfTarget: number | null;
  /** No verdict (null) without an actual value. */
  status: TargetStatus | null;
}

const targetDefinitions: Record<ReportTargetKey, { label: string; lowerIsBetter: boolean }> = {
  monthlyRevenue: { label: 'Monthly Revenue', lowerIsBetter: false },
  collectionRate: { label: 'Collection Rate', lowerIsBetter: false },
  conversionRate: { label: 'Quotation Conversion', lowerIsBetter: false },
  daysToCollect: { label: 'Days to Collect', lowerIsBetter: true },
};

/**
 * 'On target' at 90 percent of the target or more, 'Needs attention' at 70 percent or more,
 * otherwise 'Below target'. For lower-is-better targets, at or under the target is on target and
 * the percent is target / actual (30 days of 40 taken is 75 percent: needs attention).
 */
export function targetStatus(actual: number, target: number, lowerIsBetter = false): TargetStatus {
  if (lowerIsBetter) {
    if (actual <= target) return 'On target';
    // target / actual >= 70% without dividing, so boundaries are exact.
    return target * 100 >= 70 * actual ? 'Needs attention' : 'Below target';
  }
  if (actual * 100 >= 90 * target) return 'On target';
  if (actual * 100 >= 70 * target) return 'Needs attention';
  return 'Below target';
}

function percentOfTarget(actual: number, target: number, lowerIsBetter: boolean): number {
  const [part, whole] = lowerIsBetter ? [target, actual] : [actual, target];
  if (whole <= 0) return 100;
  return Math.round((part / whole) * 1000) / 10;
}

/** The progress-versus-targets rows of the Performance report. */
export function evaluateReportTargets(
  actuals: Record<ReportTargetKey, number | null>,
): TargetEvaluation[] {
  return (Object.keys(targetDefinitions) as ReportTargetKey[]).map((key) => {
    const { label, lowerIsBetter } = targetDefinitions[key];
    const actual = actuals[key];
    const target = reportTargets[key];
    return {
      key,
      label,
      actual,
      target,
      lowerIsBetter,
      percentOfTarget: actual === null ? null : percentOfTarget(actual, target, lowerIsBetter),
      status: actual === null ? null : targetStatus(actual, target, lowerIsBetter),
    };
  });
}
