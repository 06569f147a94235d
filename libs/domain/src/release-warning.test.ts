import { describe, expect, it } from 'vitest';
import { releaseHealthWarning } from './release-warning';

const release = (version: string, crashFreeRate: number | null) => ({
  version,
  health: { crashFreeRate },
});

describe('releaseHealthWarning', () => {
  it('warns in words when the crash-free rate is below the previous release', () => {
    expect(releaseHealthWarning(release('3.2.0', 96.5), release('3.1.0', 99.1))).toBe(
      '3.2.0 is 96.5% crash-free, below 3.1.0 (99.1%). More devices would get a release that crashes more often.',
    );
  });

  it.each([
    ['equal', release('3.2.0', 99), release('3.1.0', 99)],
    ['better', release('3.2.0', 99.5), release('3.1.0', 99)],
    ['no figures yet', release('3.2.0', null), release('3.1.0', 99)],
    ['previous unknown', release('3.2.0', 90), release('3.1.0', null)],
    ['no previous release', release('3.2.0', 90), undefined],
  ])('says nothing when %s', (_case, current, previous) => {
    expect(releaseHealthWarning(current, previous)).toBeNull();
  });
});

describe('releaseHealthWarning with session vitals', () => {
  const withSessions = (version: string, crashFreeSessions: number | null, sessions = 500) => ({
    version,
    // Device figures that alone would say the opposite: sessions win when both have them.
    health: { crashFreeRate: version === '3.2.0' ? 100 : 90 },
    vitals: { last24h: { sessions, crashFreeSessions } },
  });

  it('compares crash-free sessions when both releases have them', () => {
    expect(releaseHealthWarning(withSessions('3.2.0', 97.25), withSessions('3.1.0', 99.5))).toBe(
      '3.2.0 has 97.25% crash-free sessions in the last 24 hours, below 3.1.0 (99.5%). More devices would get a release that crashes more often.',
    );
    expect(releaseHealthWarning(withSessions('3.2.0', 99.5), withSessions('3.1.0', 97))).toBeNull();
  });

  it('falls back to crash-free devices when one release has no sessions', () => {
    expect(releaseHealthWarning(release('3.2.0', 85), withSessions('3.1.0', 99.5, 0))).toContain(
      '3.2.0 is 85% crash-free, below 3.1.0 (90%)',
    );
  });
});
