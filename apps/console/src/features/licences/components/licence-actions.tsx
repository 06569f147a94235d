import type { Licence } from '@patrol/contracts';
import { canExtendLicence, canPerform, licenceDisplayStatus } from '@patrol/domain';
import { MoreHorizontalIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { useAuth } from '@/lib/auth';

/** What the licence menu asks the page to open. */
export type LicenceDialogKind = 'bind' | 'unbind' | 'extend' | 'delete';

/** A licence's menu: each action only when canPerform allows it (as the API's routes declare). */
export function LicenceActions({
  licence,
  now,
  onAction,
}: {
  licence: Licence;
  now: Date;
  onAction: (kind: LicenceDialogKind, licence: Licence) => void;
}) {
  const { user } = useAuth();
  const canBind = canPerform(user, 'bindLicence') && canPerform(user, 'unbindLicence');
  const canExtend = canPerform(user, 'extendLicence') && canExtendLicence(licence.validUntil, now);
  const canDelete = canPerform(user, 'deleteLicence');
  const canAct = canBind || canExtend || canDelete;
  const status = licenceDisplayStatus(licence, now);
  if (!canAct) return null;
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon" aria-label={`Actions for licence ${licence.key}`}>
          <MoreHorizontalIcon aria-hidden="true" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        {canBind &&
          (licence.bound ? (
            <DropdownMenuItem onSelect={() => onAction('unbind', licence)}>Unbind</DropdownMenuItem>
          ) : (
            status !== 'Expired' && (
              <DropdownMenuItem onSelect={() => onAction('bind', licence)}>Bind</DropdownMenuItem>
            )
          ))}
        {canExtend && (
          <DropdownMenuItem onSelect={() => onAction('extend', licence)}>Extend</DropdownMenuItem>
        )}
        {canDelete && (
          <>
            {(canBind || canExtend) && <DropdownMenuSeparator />}
            <DropdownMenuItem variant="destructive" onSelect={() => onAction('delete', licence)}>
              Delete
            </DropdownMenuItem>
          </>
        )}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
