import { appInfo } from '@patrol/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { footerTagline, footerTaglineColor } from '@/app/layout/footer-tagline';
import { VersionDialog } from '@/app/layout/version-dialog';
import { useSettings } from '@/features/settings/api/get-settings';
import { companySettingsUpdatedEvent } from '@/lib/company-settings-event';
import { queryKeys } from '@/lib/query-keys';
import { useAuth } from '@/lib/auth';

/** Company tagline, Privacy Policy link and version label; hidden while the tagline is empty. */
export function AppFooter() {
  const { isAuthenticated } = useAuth();
  const queryClient = useQueryClient();
  const settings = useSettings({ enabled: isAuthenticated });
  const [versionOpen, setVersionOpen] = useState(false);

  useEffect(() => {
    const reload = () => void queryClient.invalidateQueries({ queryKey: queryKeys.settings });
    window.addEventListener(companySettingsUpdatedEvent, reload);
    return () => window.removeEventListener(companySettingsUpdatedEvent, reload);
  }, [queryClient]);

  // Without a token, or when loading failed, the fixed fallback applies; while loading, nothing.
  const source = !isAuthenticated || settings.isError ? null : settings.data;
  if (source === undefined) return null;
  const tagline = footerTagline(source);
  if (!tagline.trim()) return null;

  return (
    <footer className="border-t bg-background px-4 py-3 md:px-6">
      <div className="flex flex-col gap-2 text-xs md:flex-row md:items-center md:justify-between">
        <p style={{ color: footerTaglineColor(source) }}>{tagline}</p>
        <div className="flex shrink-0 items-center gap-4">
          <Link
            to="/privacy-policy"
            className="text-muted-foreground underline-offset-4 hover:text-foreground hover:underline"
          >
            Privacy Policy
          </Link>
          <button
            type="button"
            onClick={() => setVersionOpen(true)}
            className="rounded-sm text-muted-foreground underline-offset-4 hover:text-foreground hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
          >
            Version {appInfo.version}
          </button>
        </div>
      </div>
      <VersionDialog open={versionOpen} onOpenChange={setVersionOpen} />
    </footer>
  );
}
