import { ArrowLeft, KeyRound, ShieldAlert } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { AuthCard } from '@/features/auth/components/auth-card';
import { EmergencyRecoveryForm } from '@/features/auth/components/emergency-recovery-form';
import { PasswordResetForm } from '@/features/auth/components/password-reset-form';
import { SetNewPasswordForm } from '@/features/auth/components/set-new-password-form';

type Mode = 'select' | 'password-reset' | 'emergency-recovery';

type ModeOptionProps = {
  icon: ReactNode;
  title: string;
  description: string;
  onSelect: () => void;
};

function ModeOption({ icon, title, description, onSelect }: ModeOptionProps) {
  return (
    <button
      type="button"
      onClick={onSelect}
      className="flex items-start gap-3 rounded-lg border bg-background p-4 text-left transition-colors outline-none hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50"
    >
      <span className="mt-0.5 text-primary">{icon}</span>
      <span className="grid gap-0.5">
        <span className="font-medium">{title}</span>
        <span className="text-sm text-muted-foreground">{description}</span>
      </span>
    </button>
  );
}

function BackToLogin() {
  return (
    <Button variant="outline" className="mt-6 w-full" asChild>
      <Link to="/login">
        <ArrowLeft />
        Back to Login
      </Link>
    </Button>
  );
}

const titles: Record<Mode, { title: string; subtitle: string }> = {
  select: { title: 'Account Recovery', subtitle: 'Choose how you want to regain access' },
  'password-reset': {
    title: 'Reset Password',
    subtitle: 'We will email you a link to choose a new password',
  },
  'emergency-recovery': {
    title: 'Emergency Recovery',
    subtitle: 'Regain access after losing your authenticator app',
  },
};

/**
 * Account recovery (/recovery, spec 1 section 2.5): password reset or emergency recovery; a
 * reset link's ?token= opens the set-new-password form directly.
 */
export function RecoveryPage() {
  const [searchParams] = useSearchParams();
  const [mode, setMode] = useState<Mode>('select');
  const token = searchParams.get('token');

  if (token) {
    return (
      <AuthCard title="Set New Password" subtitle="Choose a new password for your account">
        <SetNewPasswordForm token={token} />
        <BackToLogin />
      </AuthCard>
    );
  }

  const { title, subtitle } = titles[mode];
  return (
    <AuthCard title={title} subtitle={subtitle}>
      {mode === 'select' && (
        <div className="grid gap-3">
          <ModeOption
            icon={<KeyRound className="size-5" />}
            title="Reset Password"
            description="I forgot my password. Send me a reset link by email."
            onSelect={() => setMode('password-reset')}
          />
          <ModeOption
            icon={<ShieldAlert className="size-5" />}
            title="Emergency Recovery"
            description="I lost my authenticator app and backup codes (administrators)."
            onSelect={() => setMode('emergency-recovery')}
          />
        </div>
      )}
      {mode === 'password-reset' && <PasswordResetForm />}
      {mode === 'emergency-recovery' && <EmergencyRecoveryForm />}
      {mode !== 'select' && (
        <Button
          type="button"
          variant="ghost"
          className="mt-3 w-full"
          onClick={() => setMode('select')}
        >
          Choose another option
        </Button>
      )}
      <BackToLogin />
    </AuthCard>
  );
}
