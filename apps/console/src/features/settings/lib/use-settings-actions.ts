import type { CompanySettings, CompanySettingsWithLogo } from '@patrol/contracts';
import { useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { toast } from 'sonner';
import { usePreviewNumbering } from '@/features/settings/api/preview-numbering';
import { useResetSettings } from '@/features/settings/api/reset-settings';
import { useUpdateSettings } from '@/features/settings/api/update-settings';
import {
  numberingRestarts,
  type NumberingRestart,
} from '@/features/settings/components/numbering-restart-dialog';
import { ApiError } from '@/lib/api-client';
import { announceSettingsChanged } from '@/lib/company-settings-event';
import { showServerFieldErrors } from '@/lib/form-errors';

/** The editable part of the settings: everything but the logo, which has its own calls. */
export function settingsFormValues(settings: CompanySettingsWithLogo): CompanySettings {
  const { logo: _logo, ...values } = settings;
  return values;
}

const saveFailed = (error: unknown) =>
  error instanceof ApiError && error.message ? error.message : 'Failed to save settings';

/**
 * The settings form's Save (a numbering change that restarts a visible sequence is confirmed
 * first, naming the next number), Reset to Default and Refresh.
 */
export function useSettingsActions(
  form: UseFormReturn<CompanySettings>,
  reload: () => Promise<CompanySettingsWithLogo | undefined>,
) {
  const { handleSubmit, reset, setError, formState } = form;
  const save = useUpdateSettings();
  const preview = usePreviewNumbering();
  const resetToDefault = useResetSettings();
  const [restartsPending, setRestartsPending] = useState<{
    values: CompanySettings;
    restarts: NumberingRestart[];
  } | null>(null);
  const [reloading, setReloading] = useState(false);

  const refresh = async () => {
    setReloading(true);
    try {
      const fresh = await reload();
      if (fresh) reset(settingsFormValues(fresh));
    } finally {
      setReloading(false);
    }
  };

  const saveValues = async (values: CompanySettings) => {
    try {
      const saved = await save.mutateAsync(values);
      reset(settingsFormValues(saved));
      toast.success('Settings saved successfully');
      announceSettingsChanged();
    } catch (error) {
      showServerFieldErrors(error, setError);
      toast.error(saveFailed(error));
    } finally {
      setRestartsPending(null);
    }
  };

  const submit = handleSubmit(async (values) => {
    if (formState.dirtyFields.numberingSettings) {
      try {
        const restarts = numberingRestarts(await preview.mutateAsync(values.numberingSettings));
        if (restarts.length > 0) return setRestartsPending({ values, restarts });
      } catch (error) {
        showServerFieldErrors(error, setError);
        return void toast.error(saveFailed(error));
      }
    }
    await saveValues(values);
  });

  /** Resolves true once the defaults are back. */
  const resetToDefaults = async (): Promise<boolean> => {
    try {
      const defaults = await resetToDefault.mutateAsync();
      reset(settingsFormValues(defaults));
      toast.success('Settings reset to default successfully');
      announceSettingsChanged();
      return true;
    } catch {
      toast.error('Failed to reset settings');
      return false;
    }
  };

  return {
    submit,
    saving: save.isPending,
    checking: preview.isPending,
    restartsPending,
    confirmRestarts: () => restartsPending && void saveValues(restartsPending.values),
    cancelRestarts: () => setRestartsPending(null),
    refresh,
    reloading,
    resetToDefaults,
    resetting: resetToDefault.isPending,
  };
}
