import type { AppContext } from '../../http/app-context';

/** What the auth services use of the application context. */
export type AuthDeps = Pick<
  AppContext,
  | 'db'
  | 'config'
  | 'logger'
  | 'mailer'
  | 'passwords'
  | 'secrets'
  | 'limits'
  | 'accounts'
  | 'sessions'
  | 'events'
>;

/** Password attempts and second-factor attempts of one account are limited separately. */
export const passwordAttempts = (email: string) => `password:${email.toLowerCase()}`;
/** Password attempts on one account from one address. */
export const pairAttempts = (email: string, address: string) =>
  `password:${email.toLowerCase()}|${address}`;
/** Second-factor attempts (sign-in and authenticator setup) of one account. */
export const codeAttempts = (email: string) => `code:${email.toLowerCase()}`;
