import { loginBodySchema, type LoginBody } from '@patrol/contracts';

export type LoginFieldErrors = Partial<Record<keyof LoginBody, string>>;

/**
 * The sign-in form's check, the contract's schema: the body to send, or each field's first
 * message. A module of its own so the sign-in page loads it (and zod) only once the form is used.
 */
export function validateLogin(
  values: LoginBody,
): { body: LoginBody; errors?: undefined } | { errors: LoginFieldErrors } {
  const result = loginBodySchema.safeParse(values);
  if (result.success) return { body: result.data };
  const errors: LoginFieldErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0];
    if ((field === 'email' || field === 'password') && !errors[field]) {
      errors[field] = issue.message;
    }
  }
  return { errors };
}
