import { appInfo } from '@patrol/contracts';
import { ArrowLeft, ShieldCheck } from 'lucide-react';
import { useNavigate } from 'react-router-dom';
import { mainContentId, SkipLink } from '@/components/layout/skip-link';
import { Button } from '@/components/ui/button';
import { privacyPolicySections } from '@/features/privacy/components/privacy-policy-sections';

/** When the policy's text last changed; change it with the text of privacy-policy-sections. */
export const privacyPolicyLastUpdated = 'November 22, 2026';

/** The public privacy policy (/privacy-policy); it makes no calls. */
export function PrivacyPolicyPage() {
  const navigate = useNavigate();
  // Opened directly there is no history entry to return to, so Back goes home instead.
  const goBack = () => (window.history.length > 1 ? navigate(-1) : navigate('/'));

  return (
    <div className="min-h-screen bg-page">
      <SkipLink />
      <main
        id={mainContentId}
        tabIndex={-1}
        className="mx-auto max-w-3xl px-4 py-8 outline-none md:py-12"
      >
        <Button variant="ghost" onClick={goBack} className="-ml-3">
          <ArrowLeft />
          Back
        </Button>
        <header className="mt-4 flex items-start gap-3">
          <ShieldCheck className="mt-1 size-7 shrink-0 text-primary" aria-hidden="true" />
          <div>
            <h1 className="text-2xl font-semibold tracking-tight">Privacy Policy</h1>
            <p className="mt-1 text-muted-foreground">Last updated: {privacyPolicyLastUpdated}</p>
          </div>
        </header>
        <article className="mt-8 space-y-8 rounded-lg border bg-card p-6 leading-relaxed shadow-xs md:p-8">
          {privacyPolicySections.map((section) => (
            <section key={section.id} aria-labelledby={section.id} className="space-y-3">
              <h2 id={section.id} className="text-base font-semibold">
                {section.title}
              </h2>
              <div className="space-y-3 text-muted-foreground [&_li]:ml-5 [&_li]:list-disc [&_strong]:text-foreground [&_ul]:space-y-1.5">
                {section.body}
              </div>
            </section>
          ))}
        </article>
        <p className="mt-8 text-center text-xs text-muted-foreground">
          © {appInfo.copyrightYear} {appInfo.productName}. All rights reserved.
        </p>
      </main>
    </div>
  );
}
