import { afterEach, describe, expect, it } from 'vitest';
import {
  companyTimeZoneLabel,
  formatBusinessDate,
  formatBusinessDateTime,
  formatClockTime,
  getCompanyTimeZone,
  relativeTime,
  setCompanyTimeZone,
} from '@/lib/company-time';

const instant = '2026-11-27T23:30:00Z';

describe('company time (one formatter for every time the console shows)', () => {
  afterEach(() => setCompanyTimeZone('Asia/Kuala_Lumpur'));

  it('shows times in Asia/Kuala_Lumpur until the settings say otherwise', () => {
    expect(getCompanyTimeZone()).toBe('Asia/Kuala_Lumpur');
    expect(formatBusinessDateTime(instant)).toBe('28/11/2026, 07:30');
    expect(formatBusinessDate(instant)).toBe('28/11/2026');
    expect(formatClockTime(instant)).toBe('07:30:00');
  });

  it("follows the company's zone, not the browser's", () => {
    setCompanyTimeZone('Europe/London');
    expect(formatBusinessDateTime(instant)).toBe('27/11/2026, 23:30');
    expect(formatBusinessDate(instant)).toBe('27/11/2026');
    expect(formatClockTime(instant, { seconds: false })).toBe('23:30');
    expect(relativeTime(instant, new Date('2026-12-27T00:00:00Z'))).toBe('27/11/2026, 23:30');
  });

  it('keeps a calendar day as that day in any zone', () => {
    setCompanyTimeZone('America/Los_Angeles');
    expect(formatBusinessDate('2026-11-27')).toBe('27/11/2026');
  });

  it('names the zone with its offset where a time alone would be ambiguous', () => {
    expect(companyTimeZoneLabel(new Date(instant))).toBe('Asia/Kuala_Lumpur (GMT+8)');
  });

  it('answers null for no time, so each screen says what it says for one', () => {
    expect(formatClockTime(null)).toBeNull();
  });
});
