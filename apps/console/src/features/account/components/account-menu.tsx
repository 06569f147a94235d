import { KeyRoundIcon, LockKeyholeIcon, SettingsIcon } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';

// The dialogs (their forms and the contract's schemas) load the first time one is asked for:
// the shell around every signed-in screen does not carry them.
const ChangePasswordDialog = lazy(() =>
  import('./change-password-dialog').then((module) => ({ default: module.ChangePasswordDialog })),
);
const BackupCodesDialog = lazy(() =>
  import('./backup-codes-dialog').then((module) => ({ default: module.BackupCodesDialog })),
);

/** The signed-in user's own account: password and backup codes. */
export function AccountMenu() {
  const [open, setOpen] = useState<'password' | 'codes' | null>(null);
  // Once loaded the dialogs stay mounted, so closing one still plays its exit animation.
  const [asked, setAsked] = useState(false);
  const show = (dialog: 'password' | 'codes') => {
    setAsked(true);
    setOpen(dialog);
  };
  return (
    <>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button variant="ghost" size="icon" aria-label="My account">
            <SettingsIcon aria-hidden="true" />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end">
          <DropdownMenuItem onSelect={() => show('password')}>
            <LockKeyholeIcon aria-hidden="true" /> Change Password
          </DropdownMenuItem>
          <DropdownMenuItem onSelect={() => show('codes')}>
            <KeyRoundIcon aria-hidden="true" /> Backup Codes
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      {asked && (
        <Suspense fallback={null}>
          <ChangePasswordDialog
            open={open === 'password'}
            onOpenChange={(next) => setOpen(next ? 'password' : null)}
          />
          <BackupCodesDialog
            open={open === 'codes'}
            onOpenChange={(next) => setOpen(next ? 'codes' : null)}
          />
        </Suspense>
      )}
    </>
  );
}
