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
