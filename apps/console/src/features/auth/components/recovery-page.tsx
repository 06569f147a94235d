import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { AuthCard } from '@/features/auth/components/auth-card';

/** Account recovery (/recovery): password reset and emergency recovery. */
export function RecoveryPage() {
  return (
    <AuthCard title="Account Recovery" subtitle="Reset your password or recover your account">
      <p className="text-muted-foreground">
        Password reset and emergency recovery are coming soon.
      </p>
      <Button variant="outline" className="mt-4" asChild>
        <Link to="/login">
          <ArrowLeft />
          Back to Login
        </Link>
      </Button>
    </AuthCard>
  );
}
