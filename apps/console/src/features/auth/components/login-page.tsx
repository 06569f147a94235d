import { lazy, startTransition, Suspense, useState, type ReactNode } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import type { LoginOutcome, SessionGrant } from '@/features/auth/api/login';
import type { TwoFactorSetupData } from '@/features/auth/api/register';
import { AuthCard } from '@/features/auth/components/auth-card';
import { FormAlert } from '@/features/auth/components/form-alert';
import { LoginCredentialsForm } from '@/features/auth/components/login-credentials-form';
import { useStartSession } from '@/features/auth/lib/use-start-session';

// The steps after the password load apart from the page (with the schemas they validate
// against); the credentials form asks for them as it is submitted.
const loadCodeForm = () => import('@/features/auth/components/login-code-form');
const loadPasswordChangeForm = () =>
  import('@/features/auth/components/login-password-change-form');
const loadTwoFactorSetup = () => import('@/features/auth/components/two-factor-setup');

const LoginCodeForm = lazy(() => loadCodeForm().then((m) => ({ default: m.LoginCodeForm })));
const LoginPasswordChangeForm = lazy(() =>
  loadPasswordChangeForm().then((m) => ({ default: m.LoginPasswordChangeForm })),
);
const TwoFactorSetup = lazy(() =>
  loadTwoFactorSetup().then((m) => ({ default: m.TwoFactorSetup })),
);

function preloadNextSteps(): void {
  // A failed preload is retried by React.lazy when the step renders.
  for (const load of [loadCodeForm, loadPasswordChangeForm, loadTwoFactorSetup]) {
    load().catch(() => undefined);
  }
}

type Step =
  | { name: 'credentials' }
  | { name: 'code'; tempToken: string }
  | { name: 'setup'; setup: TwoFactorSetupData }
  | { name: 'password-change'; passwordChangeToken: string };

/**
 * Sign-in (/login, spec 1 section 2.3): email and password, then the two-factor code; an
 * account without two-factor sets it up here first (also announced by ?setup=required), and a
 * temporary password set by a superadmin is replaced before either.
 */
export function LoginPage() {
  const [step, setStepNow] = useState<Step>({ name: 'credentials' });
  // A later step's form may still be loading: the current one stays on screen until it is ready.
  const setStep = (next: Step) => startTransition(() => setStepNow(next));
  const [email, setEmail] = useState('');
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const startSession = useStartSession();

  const signedIn = (session: SessionGrant) => {
    startSession(session);
    navigate('/', { replace: true });
  };

  const handleOutcome = (outcome: LoginOutcome, enteredEmail: string) => {
    setEmail(enteredEmail);
    if (outcome.kind === 'code-required') setStep({ name: 'code', tempToken: outcome.tempToken });
    else if (outcome.kind === 'password-change-required') {
      setStep({ name: 'password-change', passwordChangeToken: outcome.passwordChangeToken });
    } else if (outcome.kind === 'setup-required') setStep({ name: 'setup', setup: outcome.setup });
    else signedIn(outcome.session);
  };

  let content: ReactNode;
  if (step.name === 'code') {
    content = (
      <AuthCard
        title="Two-Factor Authentication"
        subtitle="Enter the 6-digit code from your authenticator app"
      >
        <LoginCodeForm
          tempToken={step.tempToken}
          onVerified={signedIn}
          onBack={() => setStep({ name: 'credentials' })}
        />
      </AuthCard>
    );
  } else if (step.name === 'password-change') {
    content = (
      <AuthCard title="Choose a New Password" subtitle="Your current password is a temporary one">
        <LoginPasswordChangeForm
          passwordChangeToken={step.passwordChangeToken}
          onChanged={(outcome) => handleOutcome(outcome, email)}
          onBack={() => setStep({ name: 'credentials' })}
        />
      </AuthCard>
    );
  } else if (step.name === 'setup') {
    content = (
      <AuthCard
        title="Set Up Two-Factor Authentication"
        subtitle="Your account needs an authenticator app before you can sign in"
      >
        <TwoFactorSetup setup={step.setup} onComplete={signedIn} />
      </AuthCard>
    );
  } else {
    content = (
      <AuthCard title="Welcome Back" subtitle="Please sign in to your account">
        {searchParams.get('setup') === 'required' && (
          <FormAlert tone="info" className="mb-4">
            Two-factor authentication must be set up for your account. Sign in with your email and
            password to set it up now.
          </FormAlert>
        )}
        <LoginCredentialsForm
          defaultEmail={email}
          onSubmitting={preloadNextSteps}
          onOutcome={handleOutcome}
        />
      </AuthCard>
    );
  }
  return <Suspense fallback={null}>{content}</Suspense>;
}
