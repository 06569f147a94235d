import { describe, expect, it } from 'vitest';
import { matchCount } from './match-count';

describe('matchCount', () => {
  it('says the total, or "more than" it once the server stopped counting', () => {
    expect(matchCount({ totalCount: 12 })).toBe('12');
    expect(matchCount({ totalCount: 1000, totalCountCapped: true })).toBe('more than 1000');
  });
});
