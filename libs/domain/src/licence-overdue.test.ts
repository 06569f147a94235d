import { describe, expect, it } from 'vitest';
import {
  daysBetween,
  overdueKeyState,
  reminderStepDue,
  reminderStepLabel,
} from './licence-overdue';

const graces = { graceToRestrictedDays: 30, graceToSuspendedDays: 60 };
const ladder = [-3, 0, 7, 14, 30];

describe('overdueKeyState', () => {
  it('restricts from the first grace and suspends from the second', () => {
    expect(overdueKeyState('2026-01-01', '2026-01-30', graces)).toBeNull();
    expect(overdueKeyState('2026-01-01', '2026-01-31', graces)).toBe('restricted');
    expect(overdueKeyState('2026-01-01', '2026-03-01', graces)).toBe('restricted');
    expect(overdueKeyState('2026-01-01', '2026-03-02', graces)).toBe('suspended');
    expect(overdueKeyState(null, '2026-03-01', graces)).toBeNull();
  });
});

describe('reminderStepDue', () => {
  it('sends each step on its day, once', () => {
    const sent: number[] = [];
    const days: number[] = [];
    for (let offset = -10; offset <= 40; offset += 1) {
      const today = new Date(Date.parse('2026-02-01T00:00:00Z') + offset * 86_400_000)
        .toISOString()
        .slice(0, 10);
      const step = reminderStepDue('2026-02-01', today, ladder, sent);
      if (step !== null) {
        sent.push(step);
        days.push(daysBetween('2026-02-01', today));
      }
    }
    expect(days).toEqual([-3, 0, 7, 14, 30]);
  });

  it('never sends a step missed by more than the catch-up window, nor an older one late', () => {
    expect(reminderStepDue('2026-02-01', '2026-02-13', ladder, [])).toBeNull();
    expect(reminderStepDue('2026-02-01', '2026-02-09', ladder, [])).toBe(7);
    expect(reminderStepDue('2026-02-01', '2026-02-02', ladder, [7])).toBeNull();
  });

  it('words the step', () => {
    expect(reminderStepLabel(-3)).toBe('3 days before the due date');
    expect(reminderStepLabel(0)).toBe('on the due date');
    expect(reminderStepLabel(1)).toBe('1 day after the due date');
  });
});
