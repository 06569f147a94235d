import type { LoginBody } from '@patrol/contracts';
import { Loader2 } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { useLogin, type LoginOutcome } from '@/features/auth/api/login';
import { FormAlert } from '@/features/auth/components/form-alert';
import { FormField } from '@/components/form-field';
import { PasswordInput } from '@/components/password-input';
import { signInErrorMessage } from '@/features/auth/lib/auth-error-messages';
import { showServerFieldErrors } from '@/lib/form-errors';
import { lazyResolver } from '@/lib/lazy-resolver';

const resolver = lazyResolver<LoginBody>(() =>
  import('@/features/auth/lib/login-resolver').then((module) => module.loginResolver),
);

type LoginCredentialsFormProps = {
  defaultEmail: string;
  /** Called as valid credentials are sent. */
  onSubmitting?: () => void;
  onOutcome: (outcome: LoginOutcome, email: string) => void;
};

/** Step 1 of sign-in: email and password. */
export function LoginCredentialsForm({
  defaultEmail,
  onSubmitting,
  onOutcome,
}: LoginCredentialsFormProps) {
  const login = useLogin();
  const form = useForm<LoginBody>({
    resolver,
    defaultValues: { email: defaultEmail, password: '' },
  });
  const { errors } = form.formState;
  // Both fields share 'Please fill in all fields': said once, with each empty field marked.
  const validationMessage = errors.email?.message ?? errors.password?.message;
  const invalidProps = (invalid: boolean) =>
    invalid ? { 'aria-invalid': true, 'aria-describedby': 'login-message' } : {};

  const submit = form.handleSubmit((body) => {
    onSubmitting?.();
    login.mutate(body, {
      onSuccess: (outcome) => onOutcome(outcome, body.email),
      onError: (error) => showServerFieldErrors(error, form.setError, ['email', 'password']),
    });
  });

  return (
    <form
      noValidate
      onFocus={resolver.preload}
      onSubmit={(event) => void submit(event)}
      className="grid gap-4"
    >
      <FormField id="login-email" label="Email">
        <Input
          id="login-email"
          {...invalidProps(Boolean(errors.email))}
          type="email"
          autoComplete="username"
          placeholder="you@company.com"
          {...form.register('email')}
        />
      </FormField>
      <FormField id="login-password" label="Password">
        <PasswordInput
          id="login-password"
          {...invalidProps(Boolean(errors.password))}
          autoComplete="current-password"
          {...form.register('password')}
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
