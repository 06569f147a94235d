import { otaChannels, type OtaChannel } from '@patrol/contracts';
import { relativeTime } from '@/lib/company-time';
import { RefreshCw } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { useNow } from '@/lib/use-now';
import type { UpdateNotice } from '../lib/notices';
import type { UpdateNoticesValue } from '../lib/update-notice-context';
import { DashboardUpdateCard } from './dashboard-update-card';
import { DistributeButton } from './distribute-button';
import { NoticeItem } from './notice-item';

const channelLabels: Record<OtaChannel, string> = { stable: 'Stable', beta: 'Beta' };

/**
 * Distribute is offered only for the newest upload that devices are not offered yet: a notice
 * about a release since replaced (or already current) offers nothing that would bring it back.
 */
export function canDistributeNotice(notice: UpdateNotice, notices: UpdateNoticesValue): boolean {
  return (
    notice.type === 'mobile_update' &&
    notices.canDistribute &&
    notice.version !== undefined &&
    notice.version !== null &&
    notice.version === notices.mobile.latest &&
    notice.version !== notices.mobile.current
  );
}

/** The notices panel: the console update, the channel, Check now, and the newest 10 notices. */
export function UpdateNoticePanel({ notices }: { notices: UpdateNoticesValue }) {
  const now = useNow();
  const channelId = useId();
  const [checking, setChecking] = useState(false);
  const { info } = notices;
  const showUpdate = info.hasUpdate || info.phase !== 'idle';

  const checkNow = async () => {
    setChecking(true);
    try {
      await notices.checkNow();
    } finally {
      setChecking(false);
    }
  };

  return (
    <div className="flex min-h-0 flex-1 flex-col gap-4 overflow-y-auto p-4">
      {showUpdate && (
        <DashboardUpdateCard
          info={info}
          canEdit={notices.canEdit}
          onUpdate={() => void notices.startUpdate()}
        />
      )}

      <div className="flex flex-wrap items-end gap-3">
        {notices.canEdit && (
          <div className="min-w-32 flex-1 space-y-1">
            <Label htmlFor={channelId}>Update channel</Label>
            <NativeSelect
              id={channelId}
              value={info.updateChannel}
              onChange={(event) => void notices.changeChannel(event.target.value as OtaChannel)}
            >
              {otaChannels.map((channel) => (
                <option key={channel} value={channel}>
                  {channelLabels[channel]}
                </option>
              ))}
            </NativeSelect>
          </div>
        )}
        <Button variant="outline" size="sm" onClick={() => void checkNow()} disabled={checking}>
          <RefreshCw className={checking ? 'animate-spin' : undefined} />
          Check now
        </Button>
      </div>
      <p className="text-xs text-muted-foreground">
        Last checked: {relativeTime(info.lastChecked, now)}
        {info.error && !showUpdate ? ` · ${info.error}` : ''}
      </p>

      {notices.notices.length === 0 ? (
        <p className="rounded-md border border-dashed p-6 text-center text-sm text-muted-foreground">
          No notices. New console builds and app releases appear here.
        </p>
      ) : (
        <>
          <ul className="space-y-2" aria-label="Notices">
            {notices.notices.map((notice) => (
              <NoticeItem
                key={notice.id}
                notice={notice}
                now={now}
                onDismiss={() => notices.dismiss(notice.key)}
                action={
                  canDistributeNotice(notice, notices) ? (
                    <DistributeButton notice={notice} notices={notices} />
                  ) : undefined
                }
              />
            ))}
          </ul>
          <Button variant="ghost" size="sm" className="self-start" onClick={notices.clearAll}>
            Clear all
          </Button>
        </>
      )}
    </div>
  );
}
