// No 0/O, 1/l/I: the superadmin reads the password out over the phone.
const lowercase = 'abcdefghjkmnpqrstuvwxyz';
const uppercase = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
const digits = '23456789';
const alphabet = lowercase + uppercase + digits;

function randomIndex(size: number, random: Uint32Array, at: number): number {
  return random[at]! % size;
}

/**
 * A 12-character password that meets the account rules (a lowercase letter, a capital, a digit),
 * from the browser's cryptographic generator, without characters that are easy to misread.
 */
export function generateTemporaryPassword(length = 12): string {
  const random = crypto.getRandomValues(new Uint32Array(length * 2));
  const characters = Array.from(
    { length },
    (_, at) => alphabet[randomIndex(alphabet.length, random, at)]!,
  );
  // One of each required kind, at distinct positions.
  const [lowerAt, upperAt, digitAt] = [0, 1, 2].map(
    (offset) => (random[length + offset]! % ((length / 3) | 0)) * 3 + offset,
  );
  characters[lowerAt!] = lowercase[randomIndex(lowercase.length, random, length + 3)]!;
  characters[upperAt!] = uppercase[randomIndex(uppercase.length, random, length + 4)]!;
  characters[digitAt!] = digits[randomIndex(digits.length, random, length + 5)]!;
  return characters.join('');
}
