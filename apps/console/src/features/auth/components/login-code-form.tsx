import { zodResolver } from '@hookform/resolvers/zod';
import { twoFactorCodeLengths, verify2faBodySchema } from '@patrol/contracts';
import { ArrowLeft, Loader2 } from 'lucide-react';
import { Controller, useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import type { SessionGrant } from '@/features/auth/api/login';
import { useVerifyTwoFactor } from '@/features/auth/api/verify-two-factor';
import { CodeInput } from '@/features/auth/components/code-input';
import { FormAlert } from '@/features/auth/components/form-alert';
import { fieldErrorProps, FormField } from '@/components/form-field';
import { signInErrorMessage } from '@/features/auth/lib/auth-error-messages';

const codeFormSchema = verify2faBodySchema.pick({ code: true });
type CodeForm = { code: string };

type LoginCodeFormProps = {
  tempToken: string;
  onVerified: (session: SessionGrant) => void;
  onBack: () => void;
};

/** Step 2 of sign-in: a 6-digit authenticator code or an 8-digit backup code. */
export function LoginCodeForm({ tempToken, onVerified, onBack }: LoginCodeFormProps) {
  const verify = useVerifyTwoFactor();
  const form = useForm<CodeForm>({
    resolver: zodResolver(codeFormSchema),
    defaultValues: { code: '' },
  });
  const codeError = form.formState.errors.code?.message;

  const submit = form.handleSubmit(({ code }) => {
    verify.mutate({ tempToken, code }, { onSuccess: onVerified });
  });

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="grid gap-4">
      <FormField id="login-code" label="Authentication Code" error={codeError}>
        <Controller
          control={form.control}
          name="code"
          render={({ field }) => (
            <CodeInput
              {...fieldErrorProps('login-code', codeError)}
              name={field.name}
              ref={field.ref}
              value={field.value}
              onValueChange={field.onChange}
              onBlur={field.onBlur}
              placeholder="000000"
              maxLength={twoFactorCodeLengths.backup}
              autoFocus
            />
          )}
        />
      </FormField>
      <p className="-mt-2 text-xs text-muted-foreground">
        Lost your authenticator? Enter one of your 8-digit backup codes instead.
      </p>
      {verify.isError && (
        <FormAlert tone="error">{signInErrorMessage(verify.error, 'code')}</FormAlert>
      )}
      <Button type="submit" disabled={verify.isPending}>
        {verify.isPending && <Loader2 className="animate-spin" />}
        {verify.isPending ? 'Verifying...' : 'Verify Code'}
      </Button>
      <Button type="button" variant="ghost" onClick={onBack}>
        <ArrowLeft />
        Back to Login
      </Button>
    </form>
  );
}
