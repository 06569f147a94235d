import { zodResolver } from '@hookform/resolvers/zod';
import {
  emergencyRecoveryExecuteBodySchema,
  emergencyRecoveryRequestBodySchema,
  type EmergencyRecoveryExecuteBody,
  type EmergencyRecoveryRequestBody,
  type EmergencyRecoveryRequestResponse,
} from '@patrol/contracts';
import { Loader2 } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { useExecuteEmergencyRecovery } from '@/features/auth/api/execute-emergency-recovery';
import { useRequestEmergencyRecovery } from '@/features/auth/api/request-emergency-recovery';
import { CopyButton } from '@/components/copy-button';
import { FormAlert } from '@/features/auth/components/form-alert';
import { fieldErrorProps, FormField } from '@/components/form-field';
import { PasswordInput } from '@/components/password-input';
import { authErrorMessages, recoveryErrorMessage } from '@/features/auth/lib/auth-error-messages';
import { useRedirectAfter } from '@/features/auth/lib/use-redirect-after';

const redirectDelayMs = 5_000;

function RequestStep({
  onRequested,
}: {
  onRequested: (answer: EmergencyRecoveryRequestResponse) => void;
}) {
  const request = useRequestEmergencyRecovery();
  const form = useForm<EmergencyRecoveryRequestBody>({
    resolver: zodResolver(emergencyRecoveryRequestBodySchema),
    defaultValues: { email: '' },
  });
  const emailError = form.formState.errors.email?.message;
  const submit = form.handleSubmit((body) => request.mutate(body, { onSuccess: onRequested }));

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="grid gap-4">
      <p className="text-sm text-muted-foreground">
        Lost your authenticator app? An administrator account can be recovered with a token sent to
        its email. Recovery sets a new password and turns two-factor authentication off until you
        set it up again at your next sign-in.
      </p>
      <FormField id="emergency-email" label="Administrator Email" error={emailError}>
        <Input
          {...fieldErrorProps('emergency-email', emailError)}
          type="email"
          autoComplete="email"
          placeholder="admin@company.com"
          {...form.register('email')}
        />
      </FormField>
      {request.isError && (
        <FormAlert tone="error">
          {recoveryErrorMessage(request.error, authErrorMessages.emergencyRequestFailed)}
        </FormAlert>
      )}
      <Button type="submit" disabled={request.isPending}>
        {request.isPending && <Loader2 className="animate-spin" />}
        {request.isPending ? 'Requesting...' : 'Request Recovery Token'}
      </Button>
    </form>
  );
}

type ExecuteStepProps = { requestAnswer: EmergencyRecoveryRequestResponse | null };

function ExecuteStep({ requestAnswer }: ExecuteStepProps) {
  const execute = useExecuteEmergencyRecovery();
  const form = useForm<EmergencyRecoveryExecuteBody>({
    resolver: zodResolver(emergencyRecoveryExecuteBodySchema),
    defaultValues: { token: requestAnswer?.emergencyToken ?? '', newPassword: '' },
  });
  const { errors } = form.formState;
  useRedirectAfter(execute.isSuccess, '/login?setup=required', redirectDelayMs);
  const submit = form.handleSubmit((body) => execute.mutate(body));

  if (execute.isSuccess) {
    return (
      <FormAlert tone="success">
        <p>{execute.data.message}</p>
        <p className="text-muted-foreground">Redirecting to sign in...</p>
      </FormAlert>
    );
  }

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="grid gap-4">
      {requestAnswer && <FormAlert tone="info">{requestAnswer.message}</FormAlert>}
      {requestAnswer?.emergencyToken && (
        <div className="grid gap-2 rounded-md border border-warning/40 bg-warning/10 p-3 text-sm">
          <p className="font-medium">
            Development build: the token is shown here instead of mailed.
          </p>
          <div className="flex items-center gap-2">
            <code className="min-w-0 flex-1 font-mono break-all">
              {requestAnswer.emergencyToken}
            </code>
            <CopyButton
              text={requestAnswer.emergencyToken}
              label="Copy"
              copiedMessage="Token copied"
            />
          </div>
        </div>
      )}
      <FormField id="emergency-token" label="Emergency Token" error={errors.token?.message}>
        <Input
          {...fieldErrorProps('emergency-token', errors.token?.message)}
          autoComplete="off"
          className="font-mono"
          {...form.register('token')}
        />
      </FormField>
      <FormField id="emergency-password" label="New Password" error={errors.newPassword?.message}>
        <PasswordInput
          {...fieldErrorProps('emergency-password', errors.newPassword?.message)}
          autoComplete="new-password"
          {...form.register('newPassword')}
        />
      </FormField>
      <p className="-mt-1 text-xs text-muted-foreground">
        At least 8 characters, with a lowercase letter, an uppercase letter and a number.
      </p>
      {execute.isError && (
        <FormAlert tone="error">
          {recoveryErrorMessage(execute.error, authErrorMessages.emergencyFailed)}
        </FormAlert>
      )}
      <Button type="submit" disabled={execute.isPending}>
        {execute.isPending && <Loader2 className="animate-spin" />}
        {execute.isPending ? 'Recovering...' : 'Recover Account'}
      </Button>
    </form>
  );
}

/**
 * Emergency recovery (spec 1 section 2.5): request a token by email, then execute it with a new
 * password; afterwards sign-in goes through two-factor setup (/login?setup=required, after 5 s).
 */
export function EmergencyRecoveryForm() {
  const [step, setStep] = useState<
    { name: 'request' } | { name: 'execute'; answer: EmergencyRecoveryRequestResponse | null }
  >({ name: 'request' });

  if (step.name === 'execute') return <ExecuteStep requestAnswer={step.answer} />;
  return (
    <div className="grid gap-3">
      <RequestStep onRequested={(answer) => setStep({ name: 'execute', answer })} />
      <Button
        type="button"
        variant="link"
        className="justify-self-center"
        onClick={() => setStep({ name: 'execute', answer: null })}
      >
        I already have a recovery token
      </Button>
    </div>
  );
}
