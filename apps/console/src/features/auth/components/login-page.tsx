import { Link } from 'react-router-dom';
import { AuthCard } from '@/features/auth/components/auth-card';

/** Sign-in (/login); the sign-in issue brings the two-step form. */
export function LoginPage() {
  return (
    <AuthCard title="Welcome Back" subtitle="Please sign in to your account">
      <p className="text-muted-foreground">
        Sign-in with email, password and two-factor code is coming soon.
      </p>
      <Link to="/recovery" className="mt-4 inline-block text-primary hover:underline">
        Forgot your password?
      </Link>
    </AuthCard>
  );
}
