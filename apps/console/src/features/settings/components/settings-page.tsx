import { canPerform } from '@patrol/domain';
import { RefreshCw } from 'lucide-react';
import { useEffect } from 'react';
import { toast } from 'sonner';
import { PageHeader } from '@/components/layout/page-header';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useSettings } from '@/features/settings/api/get-settings';
import {
  SettingsEditor,
  settingsPageSubtitle,
  settingsPageTitle,
} from '@/features/settings/components/settings-editor';
import { useAuth } from '@/lib/auth';
import { formatClockTime } from '@/lib/company-time';
import { SourceUnavailableError } from '@/lib/breaker';

const loadFailedMessage = 'Failed to load company settings';

/** Company settings (/settings): read-only without settings.edit (spec 2 section 2.3). */
export function SettingsPage() {
  const { user } = useAuth();
  const settings = useSettings({ enabled: true });

  const unavailable = settings.error instanceof SourceUnavailableError ? settings.error : null;
  const failure = unavailable?.message ?? loadFailedMessage;

  useEffect(() => {
    if (settings.isError) toast.error(failure);
  }, [settings.isError, failure]);

  if (settings.data) {
    return (
      <SettingsEditor
        settings={settings.data}
        can={{
          save: canPerform(user, 'saveSettings'),
          reset: canPerform(user, 'resetSettings'),
          changeLogo: canPerform(user, 'uploadLogo') && canPerform(user, 'deleteLogo'),
        }}
        reload={async () => (await settings.refetch()).data}
      />
    );
  }

  return (
    <>
      <PageHeader title={settingsPageTitle} subtitle={settingsPageSubtitle} />
      {settings.isError ? (
        <Card>
          <CardContent className="flex flex-col items-center gap-3 py-10 text-center">
            <p className="font-medium">{failure}</p>
            <p className="text-muted-foreground">
              {unavailable
                ? `The server failed repeatedly; calls resume at ${formatClockTime(unavailable.retryAfter)}.`
                : 'Check the connection and try again.'}
            </p>
            <Button variant="outline" onClick={() => void settings.refetch()}>
              <RefreshCw /> Try Again
            </Button>
          </CardContent>
        </Card>
      ) : (
        <div className="grid gap-4" aria-label="Loading company settings">
          <Skeleton className="h-40" />
          <Skeleton className="h-80" />
          <Skeleton className="h-56" />
        </div>
      )}
    </>
  );
}
