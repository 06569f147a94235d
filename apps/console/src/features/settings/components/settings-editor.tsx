import { zodResolver } from '@hookform/resolvers/zod';
import {
  companySettingsSchema,
  type CompanySettings,
  type CompanySettingsWithLogo,
} from '@patrol/contracts';
import { RefreshCw, RotateCcw, Save } from 'lucide-react';
import { useState } from 'react';
import { FormProvider, useForm, type Resolver } from 'react-hook-form';
import { toast } from 'sonner';
import { announceSettingsChanged } from '@/lib/company-settings-event';
import { PageHeader } from '@/components/layout/page-header';
import { ConfirmDialog } from '@/components/ui/alert-dialog';
import { UnsavedChangesGuard } from '@/components/unsaved-changes-guard';
import { Button } from '@/components/ui/button';
import { useResetSettings } from '@/features/settings/api/reset-settings';
import { usePreviewNumbering } from '@/features/settings/api/preview-numbering';
import { useUpdateSettings } from '@/features/settings/api/update-settings';
import {
  AddressCard,
  BankDetailsCard,
  TaxCard,
} from '@/features/settings/components/company-details-cards';
import { CompanyInfoCard } from '@/features/settings/components/company-info-card';
import { EInvoiceSupplierCard } from '@/features/settings/components/einvoice-supplier-card';
import { LogoCard } from '@/features/settings/components/logo-card';
import { NumberingCard } from '@/features/settings/components/numbering-card';
import {
  NumberingRestartDialog,
  numberingRestarts,
  type NumberingRestart,
} from '@/features/settings/components/numbering-restart-dialog';
import { LicenceRenewalsCard } from '@/features/settings/components/licence-renewals-card';
import { PaymentRulesCard } from '@/features/settings/components/payment-rules-card';
import { TimeZoneCard } from '@/features/settings/components/time-zone-card';
import { ApiError } from '@/lib/api-client';
import { showServerFieldErrors } from '@/lib/form-errors';

export const settingsPageTitle = 'Company Settings';
export const settingsPageSubtitle = 'Company information, logo, tax and document numbering';

/** The editable part of the settings: everything but the logo, which has its own calls. */
function formValues(settings: CompanySettingsWithLogo): CompanySettings {
  const { logo: _logo, ...values } = settings;
  return values;
}

// The schema fills defaults (sales tax rate, SST number), so its input type is looser.
const settingsResolver = zodResolver(companySettingsSchema) as unknown as Resolver<CompanySettings>;

type SettingsEditorProps = {
  settings: CompanySettingsWithLogo;
  canEdit: boolean;
  /** Reloads the settings from the server; resolves with the fresh copy. */
  reload: () => Promise<CompanySettingsWithLogo | undefined>;
};

/** The settings screen once loaded: header actions, the cards and Save Settings. */
export function SettingsEditor({ settings, canEdit, reload }: SettingsEditorProps) {
  const form = useForm<CompanySettings>({
    resolver: settingsResolver,
    defaultValues: formValues(settings),
    mode: 'onChange',
  });
  const { handleSubmit, reset, setError, formState } = form;
  const save = useUpdateSettings();
  const preview = usePreviewNumbering();
  const [restartsPending, setRestartsPending] = useState<{
    values: CompanySettings;
    restarts: NumberingRestart[];
  } | null>(null);
  const resetToDefault = useResetSettings();
  const [confirmReset, setConfirmReset] = useState(false);
  const [confirmRefresh, setConfirmRefresh] = useState(false);
  const [reloading, setReloading] = useState(false);

  const onRefresh = async () => {
    setConfirmRefresh(false);
    setReloading(true);
    try {
      const fresh = await reload();
      if (fresh) reset(formValues(fresh));
    } finally {
      setReloading(false);
    }
  };

  const saveValues = async (values: CompanySettings) => {
    try {
      const saved = await save.mutateAsync(values);
      reset(formValues(saved));
      toast.success('Settings saved successfully');
      announceSettingsChanged();
    } catch (error) {
      showServerFieldErrors(error, setError);
      toast.error(
        error instanceof ApiError && error.message ? error.message : 'Failed to save settings',
      );
    } finally {
      setRestartsPending(null);
    }
  };

  // A numbering change that restarts a visible sequence is confirmed first, naming the next number.
  const onSave = handleSubmit(async (values) => {
    if (formState.dirtyFields.numberingSettings) {
      try {
        const restarts = numberingRestarts(await preview.mutateAsync(values.numberingSettings));
        if (restarts.length > 0) return setRestartsPending({ values, restarts });
      } catch (error) {
        showServerFieldErrors(error, setError);
        return void toast.error(
          error instanceof ApiError && error.message ? error.message : 'Failed to save settings',
        );
      }
    }
    await saveValues(values);
  });

  const onReset = async () => {
    try {
      const defaults = await resetToDefault.mutateAsync();
      reset(formValues(defaults));
      setConfirmReset(false);
      toast.success('Settings reset to default successfully');
      announceSettingsChanged();
    } catch {
      toast.error('Failed to reset settings');
    }
  };

  return (
    <>
      <PageHeader
        title={settingsPageTitle}
        subtitle={settingsPageSubtitle}
        actions={
          <>
            <Button
              variant="outline"
              disabled={reloading}
              onClick={() => (formState.isDirty ? setConfirmRefresh(true) : void onRefresh())}
            >
              <RefreshCw className={reloading ? 'animate-spin' : undefined} /> Refresh
            </Button>
            {canEdit && (
              <Button variant="outline" onClick={() => setConfirmReset(true)}>
                <RotateCcw /> Reset to Default
              </Button>
            )}
          </>
        }
      />
      {!canEdit && (
        <p className="mb-4 rounded-md border bg-muted/40 px-4 py-3 text-sm text-muted-foreground">
          You can view the company settings; changing them needs the settings.edit permission.
        </p>
      )}
      <div className="grid gap-4">
        <LogoCard logo={settings.logo} canEdit={canEdit} onChanged={announceSettingsChanged} />
        <FormProvider {...form}>
          <form onSubmit={onSave} noValidate aria-label="Company settings">
            <fieldset disabled={!canEdit} className="grid min-w-0 gap-4">
              <CompanyInfoCard />
              <div className="grid gap-4 xl:grid-cols-2">
                <AddressCard />
                <BankDetailsCard />
              </div>
              <TaxCard />
              <NumberingCard />
              <PaymentRulesCard />
              <EInvoiceSupplierCard />
              <TimeZoneCard />
              <LicenceRenewalsCard />
            </fieldset>
            {canEdit && (
              <div className="sticky bottom-0 z-10 -mx-4 mt-4 flex items-center justify-end gap-3 border-t bg-background/95 px-4 py-3 backdrop-blur md:-mx-6 md:px-6">
                <span className="text-sm text-muted-foreground" aria-live="polite">
                  {formState.isDirty ? 'You have unsaved changes.' : 'All changes saved.'}
                </span>
                <Button
                  type="submit"
                  disabled={!formState.isDirty || save.isPending || preview.isPending}
                >
                  <Save /> {save.isPending ? 'Saving...' : 'Save Settings'}
                </Button>
              </div>
            )}
          </form>
        </FormProvider>
      </div>
      <UnsavedChangesGuard when={formState.isDirty && !save.isPending} />
      <NumberingRestartDialog
        restarts={restartsPending?.restarts ?? []}
        pending={save.isPending}
        onCancel={() => setRestartsPending(null)}
        onConfirm={() => restartsPending && void saveValues(restartsPending.values)}
      />
      <ConfirmDialog
        open={confirmRefresh}
        onOpenChange={setConfirmRefresh}
        title="Discard your changes and reload?"
        description="Refresh loads the saved settings again; the changes you have not saved will be lost."
        confirmLabel="Discard and Refresh"
        destructive
        onConfirm={() => void onRefresh()}
      />
      <ConfirmDialog
        open={confirmReset}
        onOpenChange={setConfirmReset}
        title="Reset all settings to default?"
        description="This clears the company information, the logo and the tax and numbering configuration, and restores the defaults. This action cannot be undone."
        confirmLabel="Reset to Default"
        destructive
        pending={resetToDefault.isPending}
        onConfirm={() => void onReset()}
      />
    </>
  );
}
