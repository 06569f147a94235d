import { createCrashReportBodySchema } from '@patrol/contracts';
import { crashSignature } from '@patrol/domain';
import { describe, expect, it } from 'vitest';
import { simulatedCrashReport, type Random } from './simulated-crashes';

/** A seeded generator (a 32-bit LCG), so that the mix is the same on every run. */
function seeded(seed: number): Random {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

describe('simulated crash reports', () => {
  const random = seeded(42);
  const reports = Array.from({ length: 400 }, () => simulatedCrashReport('2.4.1-sim', random));
  const fingerprints = reports.map((report) => crashSignature(report).fingerprint);
  const groupSizes = [
    ...fingerprints
      .reduce(
        (sizes, fingerprint) => sizes.set(fingerprint, (sizes.get(fingerprint) ?? 0) + 1),
        new Map<string, number>(),
      )
      .values(),
  ].sort((a, b) => b - a);

  it('are valid intake bodies', () => {
    for (const report of reports) {
      expect(createCrashReportBodySchema.safeParse(report).success).toBe(true);
    }
  });

  it('make a few big recurring groups despite moving framework line numbers, and many rare ones', () => {
    // Three recurring crashes plus the debug reports' group hold most reports...
    const big = groupSizes.filter((size) => size >= 10);
    expect(big).toHaveLength(4);
    expect(big.reduce((sum, size) => sum + size, 0)).toBeGreaterThan(reports.length * 0.8);
    // ...and each rare crash is a group of its own.
    expect(groupSizes.filter((size) => size === 1).length).toBeGreaterThan(20);
  });

  it('include critical reports, among them rare ones, and debug reports', () => {
    expect(reports.some((report) => report.severity === 'critical')).toBe(true);
    expect(
      reports.some(
        (report) => report.severity === 'critical' && report.title.startsWith('Rare crash'),
      ),
    ).toBe(true);
    expect(reports.some((report) => report.reportType === 'debug')).toBe(true);
  });
});
