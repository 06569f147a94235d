import { describe, expect, it } from 'vitest';
import { generateLicenceKey, licenceKeyAlphabet, licenceKeyPattern } from './licence-keys';

describe('generateLicenceKey', () => {
  it('writes MP- and four groups of four unambiguous symbols', () => {
    for (let index = 0; index < 1000; index += 1) {
      expect(generateLicenceKey()).toMatch(licenceKeyPattern);
    }
  });

  it('never uses the look-alikes 0, O, 1 and I', () => {
    expect(licenceKeyAlphabet).toHaveLength(32);
    expect(licenceKeyAlphabet).not.toMatch(/[0O1I]/);
  });

  it('uses every symbol of the alphabet (the masking is not biased away from any)', () => {
    const seen = new Set(
      Array.from({ length: 200 }, generateLicenceKey).join('').replace(/MP|-/g, ''),
    );
    expect(seen.size).toBe(32);
  });
});
