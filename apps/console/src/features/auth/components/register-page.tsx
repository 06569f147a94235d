import { ArrowRight } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import type { SessionGrant } from '@/features/auth/api/login';
import type { TwoFactorSetupData } from '@/features/auth/api/register';
import { AuthCard } from '@/features/auth/components/auth-card';
import { FormAlert } from '@/features/auth/components/form-alert';
import { RegisterAccountForm } from '@/features/auth/components/register-account-form';
import { TwoFactorSetup } from '@/features/auth/components/two-factor-setup';
import { authErrorMessages } from '@/features/auth/lib/auth-error-messages';
import { useStartSession } from '@/features/auth/lib/use-start-session';

type Step =
  { name: 'account' } | { name: 'two-factor'; setup: TwoFactorSetupData } | { name: 'complete' };

/**
 * First-time setup (/register, spec 1 section 2.4): create the system administrator, then set
 * up two-factor authentication; the dashboard opens only once setup is complete.
 */
export function RegisterPage() {
  const [step, setStep] = useState<Step>({ name: 'account' });
  const [blocked, setBlocked] = useState(false);
  const navigate = useNavigate();
  const startSession = useStartSession();

  const completed = (session: SessionGrant) => {
    startSession(session);
    setBlocked(false);
    setStep({ name: 'complete' });
  };

  const continueToDashboard = () => {
    if (step.name === 'complete') navigate('/', { replace: true });
    else setBlocked(true);
  };

  const continueButton = (
    <div className="mt-6 grid gap-3 border-t pt-4">
      {blocked && <FormAlert tone="error">{authErrorMessages.setupIncomplete}</FormAlert>}
      <Button
        type="button"
        variant={step.name === 'complete' ? 'default' : 'outline'}
        onClick={continueToDashboard}
      >
        Continue to Dashboard
        <ArrowRight />
      </Button>
    </div>
  );

  if (step.name === 'account') {
    return (
      <AuthCard title="First-Time Setup" subtitle="Create the system administrator account">
        <p className="mb-4 text-sm text-muted-foreground">
          Step 1 of 2: this first account becomes the system administrator. Two-factor
          authentication is set up next.
        </p>
        <RegisterAccountForm onRegistered={(setup) => setStep({ name: 'two-factor', setup })} />
      </AuthCard>
    );
  }

  if (step.name === 'two-factor') {
    return (
      <AuthCard
        title="Set Up Two-Factor Authentication"
        subtitle="Step 2 of 2: protect the administrator account"
      >
        <TwoFactorSetup setup={step.setup} onComplete={completed} />
        {continueButton}
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Setup Complete" subtitle="Two-factor authentication is now active">
      <FormAlert tone="success">
        <p className="font-medium">Your administrator account is ready.</p>
        <p className="text-muted-foreground">
          From now on, sign in with your password and a code from your authenticator app.
        </p>
      </FormAlert>
      {continueButton}
    </AuthCard>
  );
}
