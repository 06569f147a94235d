import { appInfo } from '@patrol/contracts';
import { ShieldCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import { mainContentId } from '@/components/layout/skip-link';

type AuthCardProps = { title: string; subtitle: string; children: ReactNode };

/** The centred card shared by the sign-in, setup and recovery screens. */
export function AuthCard({ title, subtitle, children }: AuthCardProps) {
  return (
    <main
      id={mainContentId}
      tabIndex={-1}
      className="flex min-h-screen items-center justify-center bg-page p-4 outline-none"
    >
      <div className="w-full max-w-md">
        <div className="mb-6 flex flex-col items-center gap-2 text-center">
          <span className="flex size-12 items-center justify-center rounded-xl bg-primary text-primary-foreground shadow-sm">
            <ShieldCheck className="size-6" aria-hidden="true" />
          </span>
          <p className="font-semibold">{appInfo.productName}</p>
          <p className="text-sm font-medium text-blue-800 motion-safe:animate-[tagline-pulse_1.5s_ease-in-out_infinite]">
            {appInfo.loginTagline}
          </p>
        </div>
        <div className="rounded-lg border bg-card p-6 shadow-xs">
          <h1 className="text-xl font-semibold">{title}</h1>
          <p className="mt-1 text-muted-foreground">{subtitle}</p>
          <div className="mt-6">{children}</div>
        </div>
      </div>
    </main>
  );
}
