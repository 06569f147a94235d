import { passwordSchema } from '@patrol/contracts';
import { describe, expect, it } from 'vitest';
import { generateTemporaryPassword } from './temporary-password';

describe('generateTemporaryPassword', () => {
  it('always meets the account password rules, without misreadable characters', () => {
    for (let run = 0; run < 200; run += 1) {
      const password = generateTemporaryPassword();
      expect(password).toHaveLength(12);
      expect(passwordSchema.safeParse(password).success).toBe(true);
      expect(password).not.toMatch(/[01OlI]/);
    }
  });

  it('differs from one call to the next', () => {
    const passwords = new Set(Array.from({ length: 50 }, () => generateTemporaryPassword()));
    expect(passwords.size).toBe(50);
  });
});
