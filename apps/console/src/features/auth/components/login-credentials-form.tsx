import type { LoginBody } from '@patrol/contracts';
import { Loader2 } from 'lucide-react';
import { useEffect, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { useLogin, type LoginOutcome } from '@/features/auth/api/login';
import { FormAlert } from '@/features/auth/components/form-alert';
import { FormField } from '@/components/form-field';
import { PasswordInput } from '@/components/password-input';
import { signInErrorMessage } from '@/features/auth/lib/auth-error-messages';
import type { LoginFieldErrors } from '@/features/auth/lib/login-validation';
import { showServerFieldErrors } from '@/lib/form-errors';
import { lazyModule } from '@/lib/lazy-module';

const validation = lazyModule(() => import('@/features/auth/lib/login-validation'));
const fieldOrder = ['email', 'password'] as const;

type LoginCredentialsFormProps = {
  defaultEmail: string;
  /** Called as valid credentials are sent. */
  onSubmitting?: () => void;
  onOutcome: (outcome: LoginOutcome, email: string) => void;
};

/**
 * Step 1 of sign-in: email and password. The one form written without react-hook-form: it is
 * the first screen, and its two fields do not need the library's 15 kB (gzipped) before anyone
 * has signed in. It behaves as the others do: checked by the contract's schema on submit, then
 * again on every change, the first invalid field focused, the server's field messages shown.
 */
export function LoginCredentialsForm({
  defaultEmail,
  onSubmitting,
  onOutcome,
}: LoginCredentialsFormProps) {
  const login = useLogin();
  const [values, setValues] = useState<LoginBody>({ email: defaultEmail, password: '' });
  const [errors, setErrors] = useState<LoginFieldErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const inputs = useRef<Partial<Record<keyof LoginBody, HTMLInputElement | null>>>({});
  // The page is for typing the email: the field has the keyboard from the start.
  useEffect(() => inputs.current.email?.focus(), []);
  // Both fields share 'Please fill in all fields': said once, with each empty field marked.
  const validationMessage = errors.email ?? errors.password;
  const invalidProps = (invalid: boolean) =>
    invalid ? { 'aria-invalid': true, 'aria-describedby': 'login-message' } : {};

  const change = (field: keyof LoginBody) => (event: ChangeEvent<HTMLInputElement>) => {
    const next = { ...values, [field]: event.target.value };
    setValues(next);
    if (submitted) {
      void validation
        .load()
        .then(({ validateLogin }) => setErrors(validateLogin(next).errors ?? {}));
    }
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    const checked = (await validation.load()).validateLogin(values);
    if (checked.errors) {
      setErrors(checked.errors);
      const firstInvalid = fieldOrder.find((field) => checked.errors[field]);
      if (firstInvalid) inputs.current[firstInvalid]?.focus();
      return;
    }
    setErrors({});
    onSubmitting?.();
    login.mutate(checked.body, {
      onSuccess: (outcome) => onOutcome(outcome, checked.body.email),
      onError: (error) =>
        showServerFieldErrors<LoginBody>(
          error,
          (field, { message }) => setErrors((shown) => ({ ...shown, [field]: message })),
          fieldOrder,
        ),
    });
  };

  return (
    <form
      noValidate
      // The check's code (and zod) comes with the first key typed, not with the email field's
      // focus on arrival: the page is ready before it, and it is loaded by the time one submits.
      onInput={validation.preload}
      onSubmit={(event) => void submit(event)}
      className="grid gap-4"
    >
      <FormField id="login-email" label="Email">
        <Input
          id="login-email"
          name="email"
          {...invalidProps(Boolean(errors.email))}
          type="email"
          autoComplete="username"
          placeholder="you@company.com"
          value={values.email}
          onChange={change('email')}
          ref={(input) => {
            inputs.current.email = input;
          }}
        />
      </FormField>
      <FormField id="login-password" label="Password">
        <PasswordInput
          id="login-password"
          name="password"
          {...invalidProps(Boolean(errors.password))}
          autoComplete="current-password"
          value={values.password}
          onChange={change('password')}
          ref={(input) => {
            inputs.current.password = input;
          }}
        />
      </FormField>
      {validationMessage ? (
        <FormAlert id="login-message" tone="error">
          {validationMessage}
        </FormAlert>
      ) : (
        login.isError && (
          <FormAlert id="login-message" tone="error">
            {signInErrorMessage(login.error, 'credentials')}
          </FormAlert>
        )
      )}
      <Button type="submit" disabled={login.isPending}>
        {login.isPending && <Loader2 className="animate-spin" />}
        {login.isPending ? 'Signing in...' : 'Sign In'}
      </Button>
      <Link to="/recovery" className="justify-self-center text-sm text-primary hover:underline">
        Forgot your password?
      </Link>
    </form>
  );
}
