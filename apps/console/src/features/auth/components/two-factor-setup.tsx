import { zodResolver } from '@hookform/resolvers/zod';
import { setup2faBodySchema, twoFactorCodeLengths } from '@patrol/contracts';
import { Loader2 } from 'lucide-react';
import { Controller, useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import type { SessionGrant } from '@/features/auth/api/login';
import type { TwoFactorSetupData } from '@/features/auth/api/register';
import { useSetupTwoFactor } from '@/features/auth/api/setup-two-factor';
import { BackupCodes } from '@/features/auth/components/backup-codes';
import { CodeInput } from '@/features/auth/components/code-input';
import { CopyButton } from '@/components/copy-button';
import { FormAlert } from '@/features/auth/components/form-alert';
import { fieldErrorProps, FormField } from '@/components/form-field';
import { setupVerificationErrorMessage } from '@/features/auth/lib/auth-error-messages';

const codeFormSchema = setup2faBodySchema.pick({ code: true });
type CodeForm = { code: string };

type TwoFactorSetupProps = {
  setup: TwoFactorSetupData;
  /** Called with the session that a verified first code starts. */
  onComplete: (session: SessionGrant) => void;
};

/** Scan the QR code (or type the key), keep the backup codes, then verify a first 6-digit code. */
export function TwoFactorSetup({ setup, onComplete }: TwoFactorSetupProps) {
  const verify = useSetupTwoFactor();
  const form = useForm<CodeForm>({
    resolver: zodResolver(codeFormSchema),
    defaultValues: { code: '' },
  });
  const codeError = form.formState.errors.code?.message;

  const submit = form.handleSubmit((values) => {
    verify.mutate(
      { setupToken: setup.setupToken, code: values.code },
      { onSuccess: (answer) => onComplete(answer) },
    );
  });

  return (
    <div className="grid gap-5">
      <ol className="grid gap-1 text-sm text-muted-foreground">
        <li>1. Scan the QR code with an authenticator app, or enter the key by hand.</li>
        <li>2. Save the backup codes somewhere safe.</li>
        <li>3. Enter the 6-digit code the app shows.</li>
      </ol>
      <div className="flex justify-center">
        <img
          src={setup.qrCodeDataURL}
          alt="QR code to scan with your authenticator app"
          className="size-44 rounded-md border bg-white p-2"
        />
      </div>
      <section aria-labelledby="manual-key-title" className="grid gap-2">
        <h2 id="manual-key-title" className="text-sm font-medium">
          Manual entry key
        </h2>
        <div className="flex items-center gap-2">
          <code
            data-testid="manual-entry-key"
            className="min-w-0 flex-1 rounded-md border bg-muted/50 px-3 py-2 font-mono text-sm tracking-wide"
          >
            {/* Groups of four, as authenticator apps show keys; copying gives the plain key. */}
            {setup.twoFASecret.match(/.{1,4}/g)?.join(' ')}
          </code>
          <CopyButton text={setup.twoFASecret} label="Copy key" copiedMessage="Key copied" />
        </div>
      </section>
      <BackupCodes codes={setup.backupCodes} />
      <form noValidate onSubmit={(event) => void submit(event)} className="grid gap-4">
        <FormField id="setup-code" label="Verification Code" error={codeError}>
          <Controller
            control={form.control}
            name="code"
            render={({ field }) => (
              <CodeInput
                {...fieldErrorProps('setup-code', codeError)}
                name={field.name}
                ref={field.ref}
                value={field.value}
                onValueChange={(code) => {
                  field.onChange(code);
                  verify.reset();
                }}
                onBlur={field.onBlur}
                placeholder="123456"
                maxLength={twoFactorCodeLengths.authenticator}
              />
            )}
          />
        </FormField>
        {verify.isError && (
          <FormAlert tone="error">{setupVerificationErrorMessage(verify.error)}</FormAlert>
        )}
        <Button type="submit" disabled={verify.isPending}>
          {verify.isPending && <Loader2 className="animate-spin" />}
          {verify.isPending ? 'Verifying...' : 'Verify & Complete Setup'}
        </Button>
      </form>
    </div>
  );
}
