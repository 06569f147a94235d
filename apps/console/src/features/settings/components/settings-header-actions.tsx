import { RefreshCw, RotateCcw } from 'lucide-react';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import type { useSettingsActions } from '@/features/settings/lib/use-settings-actions';

type SettingsHeaderActionsProps = {
  /** Unsaved edits: Refresh asks before it throws them away. */
  dirty: boolean;
  canReset: boolean;
  actions: ReturnType<typeof useSettingsActions>;
};

/** Refresh and Reset to Default, each with its confirmation. */
export function SettingsHeaderActions({ dirty, canReset, actions }: SettingsHeaderActionsProps) {
  const [confirmReset, setConfirmReset] = useState(false);
  const [confirmRefresh, setConfirmRefresh] = useState(false);
  return (
    <>
      <Button
        variant="outline"
        disabled={actions.reloading}
        onClick={() => (dirty ? setConfirmRefresh(true) : void actions.refresh())}
      >
        <RefreshCw className={actions.reloading ? 'animate-spin' : undefined} /> Refresh
      </Button>
      {canReset && (
        <Button variant="outline" onClick={() => setConfirmReset(true)}>
          <RotateCcw /> Reset to Default
        </Button>
      )}
      <ConfirmDialog
        open={confirmRefresh}
        onOpenChange={setConfirmRefresh}
        title="Discard your changes and reload?"
        description="Refresh loads the saved settings again; the changes you have not saved will be lost."
        confirmLabel="Discard and Refresh"
        destructive
        onConfirm={() => {
          setConfirmRefresh(false);
          void actions.refresh();
        }}
      />
      <ConfirmDialog
        open={confirmReset}
        onOpenChange={setConfirmReset}
        title="Reset all settings to default?"
        description="This clears the company information, the logo and the tax and numbering configuration, and restores the defaults. This action cannot be undone."
        confirmLabel="Reset to Default"
        destructive
        pending={actions.resetting}
        onConfirm={() =>
          void actions.resetToDefaults().then((done) => done && setConfirmReset(false))
        }
      />
    </>
  );
}
