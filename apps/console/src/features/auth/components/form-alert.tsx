import { AlertCircle, CheckCircle2, Info } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

const tones = {
  error: {
    icon: AlertCircle,
    className: 'border-destructive/30 bg-destructive/5 text-destructive',
  },
  success: { icon: CheckCircle2, className: 'border-success/30 bg-success/10 text-foreground' },
  info: { icon: Info, className: 'border-primary/30 bg-primary/5 text-foreground' },
} as const;

type FormAlertProps = {
  tone: keyof typeof tones;
  children: ReactNode;
  id?: string;
  className?: string;
};

/** An inline message above or below a form; errors are announced at once (role=alert). */
export function FormAlert({ tone, children, id, className }: FormAlertProps) {
  const { icon: Icon, className: toneClass } = tones[tone];
  return (
    <div
      id={id}
      role={tone === 'error' ? 'alert' : 'status'}
      className={cn('flex gap-2 rounded-md border px-3 py-2 text-sm', toneClass, className)}
    >
      <Icon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <div className="min-w-0">{children}</div>
    </div>
  );
}
