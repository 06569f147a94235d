import { Save } from 'lucide-react';
import { Button } from '@/components/ui/button';

/** The sticky bar under the settings form: whether changes wait, and Save Settings. */
export function SettingsSaveBar({
  dirty,
  saving,
  busy,
}: {
  dirty: boolean;
  saving: boolean;
  /** A save or its numbering check is running. */
  busy: boolean;
}) {
  return (
    <div className="sticky bottom-0 z-10 -mx-4 mt-4 flex items-center justify-end gap-3 border-t bg-background/95 px-4 py-3 backdrop-blur md:-mx-6 md:px-6">
      <span className="text-sm text-muted-foreground" aria-live="polite">
        {dirty ? 'You have unsaved changes.' : 'All changes saved.'}
      </span>
      <Button type="submit" disabled={!dirty || busy}>
        <Save /> {saving ? 'Saving...' : 'Save Settings'}
      </Button>
    </div>
  );
}
