import { AuthCard } from '@/features/auth/components/auth-card';

/** First-time setup (/register): creates the first administrator with two-factor authentication. */
export function RegisterPage() {
  return (
    <AuthCard title="First-Time Setup" subtitle="Create the system administrator account">
      <p className="text-muted-foreground">
        Creating the first administrator and setting up two-factor authentication is coming soon.
      </p>
    </AuthCard>
  );
}
