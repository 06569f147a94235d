import { describe, expect, it } from 'vitest';
import {
  defaultLicenceRenewalSettings,
  licenceRenewalSettingsSchema,
  renewalMessages,
  type ReminderStep,
} from './renewals';

const withLadder = (reminderLadder: unknown) =>
  licenceRenewalSettingsSchema.safeParse({ ...defaultLicenceRenewalSettings, reminderLadder });

const issuesOf = (reminderLadder: unknown) => {
  const parsed = withLadder(reminderLadder);
  return parsed.success
    ? []
    : parsed.error.issues.map((issue) => [issue.path.join('.'), issue.message]);
};

describe('the reminder ladder of the renewal settings', () => {
  it('defaults to -3, 0, 7, 14 and 30 days, each e-mailing the PDF', () => {
    expect(defaultLicenceRenewalSettings.reminderLadder).toEqual(
      [-3, 0, 7, 14, 30].map((days) => ({ days, sends: 'email_with_pdf' })),
    );
    expect(withLadder(defaultLicenceRenewalSettings.reminderLadder).success).toBe(true);
  });

  it('keeps the steps sorted by day, each with what it sends', () => {
    const ladder: ReminderStep[] = [
      { days: 14, sends: 'whatsapp' },
      { days: -1, sends: 'email' },
      { days: 0, sends: 'email_with_pdf' },
    ];
    const parsed = withLadder(ladder);
    expect(parsed.success && parsed.data.reminderLadder).toEqual([ladder[1], ladder[2], ladder[0]]);
  });

  it('refuses a day twice on the later step, a day out of range, and an unknown channel', () => {
    expect(
      issuesOf([
        { days: 7, sends: 'email' },
        { days: 7, sends: 'whatsapp' },
      ]),
    ).toEqual([['reminderLadder.1.days', renewalMessages.ladderDuplicates]]);
    expect(issuesOf([{ days: -61, sends: 'email' }])).toEqual([
      ['reminderLadder.0.days', renewalMessages.ladderStep],
    ]);
    expect(issuesOf([{ days: 1.5, sends: 'email' }])).toEqual([
      ['reminderLadder.0.days', renewalMessages.ladderStep],
    ]);
    expect(issuesOf([{ days: 1, sends: 'sms' }])).toEqual([
      ['reminderLadder.0.sends', renewalMessages.ladderSends],
    ]);
  });

  it('needs one to ten steps', () => {
    expect(issuesOf([])).toEqual([['reminderLadder', renewalMessages.ladderSteps]]);
    const eleven = Array.from({ length: 11 }, (_, days) => ({ days, sends: 'email' }));
    expect(issuesOf(eleven)).toEqual([['reminderLadder', renewalMessages.ladderSteps]]);
  });
});
