import { Loader2, Send } from 'lucide-react';
import { useState } from 'react';
import { ReleaseChangeConfirm } from '@/components/release-change-confirm';
import { Button } from '@/components/ui/button';
import { useReleasePair } from '../api/get-app-releases';
import type { UpdateNotice } from '../lib/notices';
import type { UpdateNoticesValue } from '../lib/update-notice-context';

type DistributeButtonProps = { notice: UpdateNotice; notices: UpdateNoticesValue };

/**
 * Distribute on an app release's notice: asks first, and warns in words and colour when the
 * release's crash-free rate is below that of the release devices are offered now.
 */
export function DistributeButton({ notice, notices }: DistributeButtonProps) {
  const [confirming, setConfirming] = useState(false);
  const running = notices.distributing === notice.key;
  const version = notice.version ?? '';
  const { release, previous } = useReleasePair(version, notices.mobile.current, confirming);
  return (
    <>
      <Button
        size="sm"
        variant="outline"
        disabled={notices.distributing !== null}
        onClick={() => setConfirming(true)}
      >
        {running ? <Loader2 className="animate-spin" /> : <Send />}
        Distribute
      </Button>
      <ReleaseChangeConfirm
        open={confirming}
        onOpenChange={setConfirming}
        version={release}
        previous={previous}
        title={`Distribute Android app ${version}?`}
        description={`Every Android device is offered ${version} on its next check${notices.mobile.current ? `, instead of ${notices.mobile.current}` : ''}. Check its crash-free rate on the OTA page first.`}
        confirmLabel="Distribute"
        pending={running}
        onConfirm={() => {
          setConfirming(false);
          void notices.distribute(notice);
        }}
      />
    </>
  );
}
