import type { Licence } from '@patrol/contracts';
import { licenceDisplayStatus } from '@patrol/domain';
import { CopyIcon } from 'lucide-react';
import { toast } from 'sonner';
import { licenceStatusTones, StatusBadge } from '@/components/status-badge';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import {
  LicenceActions,
  type LicenceDialogKind,
} from '@/features/licences/components/licence-actions';
import { LicenceDetails } from '@/features/licences/components/licence-details';

type LicenceItemProps = {
  licence: Licence;
  now: Date;
  onAction: (kind: LicenceDialogKind, licence: Licence) => void;
};

/** One licence on the licences screen: key, type, features, validity, activity and status. */
export function LicenceItem({ licence, now, onAction }: LicenceItemProps) {
  const status = licenceDisplayStatus(licence, now);

  const copyKey = () => {
    navigator.clipboard.writeText(licence.key).then(
      () => toast.success('Licence key copied'),
      () => toast.error('Could not copy the licence key'),
    );
  };

  return (
    <li className="grid gap-3 py-3" data-licence-key={licence.key}>
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-mono text-sm font-medium break-all">{licence.key}</span>
        <Button
          variant="ghost"
          size="icon"
          className="size-7"
          onClick={copyKey}
          aria-label={`Copy licence key ${licence.key}`}
        >
          <CopyIcon aria-hidden="true" className="size-3.5" />
        </Button>
        <Badge variant="outline">{licence.licenseType}</Badge>
        <StatusBadge status={status} tones={licenceStatusTones} />
        <div className="ml-auto">
          <LicenceActions licence={licence} now={now} onAction={onAction} />
        </div>
      </div>
      <LicenceDetails licence={licence} now={now} />
    </li>
  );
}
