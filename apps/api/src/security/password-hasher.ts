import bcrypt from 'bcrypt';

/** Hashes and checks passwords with bcrypt. */
export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(password: string, passwordHash: string): Promise<boolean>;
  /**
   * Spends the same time as `verify` and answers false: used when the account does not exist, so
   * the response time does not reveal which emails are registered.
   */
  verifyAgainstNothing(password: string): Promise<false>;
}

/** A bcrypt hasher at the given cost (12 in production; tests may go lower to stay fast). */
export function createPasswordHasher(cost: number): PasswordHasher {
  let dummyHash: Promise<string> | undefined;
  return {
    hash: (password) => bcrypt.hash(password, cost),
    verify: (password, passwordHash) => bcrypt.compare(password, passwordHash),
    async verifyAgainstNothing(password) {
      dummyHash ??= bcrypt.hash('not a password of anyone', cost);
      await bcrypt.compare(password, await dummyHash);
      return false;
    },
  };
}

/** bcrypt cost 12 everywhere but under NODE_ENV=test, where hashing at 12 would dominate run time. */
export function bcryptCostFor(config: { nodeEnv: string }): number {
  return config.nodeEnv === 'test' ? 4 : 12;
}
