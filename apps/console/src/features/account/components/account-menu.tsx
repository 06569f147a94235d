import { KeyRoundIcon, LockKeyholeIcon, SettingsIcon } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { BackupCodesDialog } from './backup-codes-dialog';
import { ChangePasswordDialog } from './change-password-dialog';

/** The signed-in user's own account: password and backup codes. */
export function AccountMenu() {
  const [open, setOpen] = useState<'password' | 'codes' | null>(null);
  return (
    <>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button variant="ghost" size="icon" aria-label="My account">
            <SettingsIcon aria-hidden="true" />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end">
          <DropdownMenuItem onSelect={() => setOpen('password')}>
            <LockKeyholeIcon aria-hidden="true" /> Change Password
          </DropdownMenuItem>
          <DropdownMenuItem onSelect={() => setOpen('codes')}>
            <KeyRoundIcon aria-hidden="true" /> Backup Codes
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      <ChangePasswordDialog
        open={open === 'password'}
        onOpenChange={(next) => setOpen(next ? 'password' : null)}
      />
      <BackupCodesDialog
        open={open === 'codes'}
        onOpenChange={(next) => setOpen(next ? 'codes' : null)}
      />
    </>
  );
}
