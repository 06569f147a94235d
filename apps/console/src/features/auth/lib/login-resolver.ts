import { zodResolver } from '@hookform/resolvers/zod';
import { loginBodySchema } from '@patrol/contracts';

/**
 * The sign-in form's resolver, the contract's schema; a module of its own so the sign-in page
 * loads it (and zod) apart from the page (see lib/lazy-resolver.ts).
 */
export const loginResolver = zodResolver(loginBodySchema);
