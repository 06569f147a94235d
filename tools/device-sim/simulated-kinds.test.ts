import { createCrashReportBodySchema } from '@patrol/contracts';
import { crashSignature } from '@patrol/domain';
import { describe, expect, it } from 'vitest';
import { parseR8Mapping } from '../../apps/api/src/modules/crash-reports/r8-mapping.parser';
import { retraceStack } from '../../apps/api/src/modules/crash-reports/stack-retrace';
import { simulatedR8App, simulatedReport } from './simulated-kinds';

/** A seeded generator (a 32-bit LCG), so that the mix is the same on every run. */
function seeded(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

describe('simulated kinds', () => {
  const random = seeded(7);
  const app = simulatedR8App();
  const reports = Array.from({ length: 90 }, () =>
    simulatedReport('2.5.0-sim', { kinds: ['crash', 'anr', 'native'], obfuscatedBy: app }, random),
  );

  it('sends every kind as a valid intake body', () => {
    for (const report of reports) {
      expect(createCrashReportBodySchema.safeParse(report).success).toBe(true);
    }
    const kinds = new Set(reports.map((report) => report.kind));
    expect([...kinds].sort()).toEqual(['anr', 'crash', 'native']);
  });

  it('groups ANRs and native crashes into a few groups each', () => {
    for (const kind of ['anr', 'native'] as const) {
      const groups = new Set(
        reports
          .filter((report) => report.kind === kind)
          .map((report) => crashSignature(report).fingerprint),
      );
      expect(groups.size).toBe(2);
    }
  });

  it('obfuscates crash stacks with the mapping it writes, which retraces them', () => {
    const index = parseR8Mapping(app.mapping);
    const crashes = reports.filter((report) => report.kind === 'crash');
    expect(crashes.length).toBeGreaterThan(10);
    for (const crash of crashes) {
      expect(crash.stackTrace).toMatch(/\tat [a-z]+\.[a-z]+\.[a-z]+\(SourceFile:\d+\)/);
      expect(retraceStack(index, crash.stackTrace!).readable).toContain('com.patrol.gen.');
    }
  });
});
