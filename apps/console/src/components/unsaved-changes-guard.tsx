import { useContext, useEffect } from 'react';
import { UNSAFE_DataRouterContext, useBlocker } from 'react-router-dom';
import { ConfirmDialog } from '@/components/ui/alert-dialog';

export const unsavedChangesMessages = {
  title: 'Leave without saving?',
  description: 'Your unsaved changes will be lost.',
  confirm: 'Leave Page',
  stay: 'Stay',
} as const;

/**
 * Asks before unsaved edits are lost: the browser's own prompt on reload or close, and a
 * confirmation before leaving for another page of the console.
 */
export function UnsavedChangesGuard({ when }: { when: boolean }) {
  useEffect(() => {
    if (!when) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [when]);
  // Blocking in-app navigation needs the data router the console runs in.
  return useContext(UNSAFE_DataRouterContext) ? <NavigationGuard when={when} /> : null;
}

function NavigationGuard({ when }: { when: boolean }) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      when && currentLocation.pathname !== nextLocation.pathname,
  );
  return (
    <ConfirmDialog
      open={blocker.state === 'blocked'}
      onOpenChange={(open) => !open && blocker.reset?.()}
      title={unsavedChangesMessages.title}
      description={unsavedChangesMessages.description}
      confirmLabel={unsavedChangesMessages.confirm}
      cancelLabel={unsavedChangesMessages.stay}
      destructive
      onConfirm={() => blocker.proceed?.()}
    />
  );
}
