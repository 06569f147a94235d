/** Why the reports of a crash group are together, in the words the group view shows. */
import type { CrashGroupingBasis, CrashKind } from '@patrol/contracts';
import { countWithUnit } from './plural';

export interface CrashGroupingDescription {
  kind: CrashKind;
  basis: CrashGroupingBasis;
  /** The exception class (a native crash's signal). */
  exceptionType: string | null;
  frameCount: number;
  /** Groups merged into this one by staff. */
  mergedGroups?: number;
  /** The group staff split this one out of (chosen reports). */
  splitFrom?: string | null;
}

function framesInWords(count: number, what: string): string {
  return `${count} ${what}${count === 1 ? ' frame' : ' frames'}`;
}

function reasonOfFrames(group: CrashGroupingDescription): string {
  const count = group.frameCount;
  if (group.kind === 'native') {
    const signal = group.exceptionType ? `same signal (${group.exceptionType})` : 'same signal';
    const scope = group.basis === 'in-app' ? " (the app's libraries)" : '';
    return `${signal} and same ${framesInWords(count, 'top')} with their library${scope}`;
  }
  const frames =
    group.basis === 'in-app'
      ? framesInWords(count, 'in-app')
      : group.basis === 'library'
        ? `${framesInWords(count, 'library')} (no in-app frame)`
        : `${framesInWords(count, 'framework')} (no in-app frame)`;
  if (group.kind === 'anr') return `ANR with the same ${frames} on the main thread`;
  return group.exceptionType ? `same exception and same ${frames}` : `same ${frames}`;
}

/** "same exception and same 5 in-app frames", "same signal (SIGSEGV) and same 3 ...". */
export function crashGroupingReason(group: CrashGroupingDescription): string {
  const reason =
    group.basis === 'text'
      ? group.exceptionType
        ? 'same exception and title (no stack frames)'
        : 'same title (no stack frames)'
      : reasonOfFrames(group);
  const merged = group.mergedGroups ?? 0;
  const parts = [group.splitFrom ? `split out of group ${group.splitFrom} by staff` : reason];
  if (merged > 0) parts.push(`${countWithUnit(merged, 'group')} merged in by staff`);
  return parts.join('; ');
}
