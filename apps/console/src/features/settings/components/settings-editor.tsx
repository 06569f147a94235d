import { zodResolver } from '@hookform/resolvers/zod';
import {
  companySettingsSchema,
  permissionLabels,
  type CompanySettings,
  type CompanySettingsWithLogo,
} from '@patrol/contracts';
import { RefreshCw, RotateCcw } from 'lucide-react';
import { useState } from 'react';
import { FormProvider, useForm, type Resolver } from 'react-hook-form';
import { PageHeader } from '@/components/layout/page-header';
import { ConfirmDialog } from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { UnsavedChangesGuard } from '@/components/unsaved-changes-guard';
import {
  AddressCard,
  BankDetailsCard,
  TaxCard,
} from '@/features/settings/components/company-details-cards';
import { CompanyInfoCard } from '@/features/settings/components/company-info-card';
import { EInvoiceSupplierCard } from '@/features/settings/components/einvoice-supplier-card';
import { LicenceRenewalsCard } from '@/features/settings/components/licence-renewals-card';
import { LogoCard } from '@/features/settings/components/logo-card';
import { NumberingCard } from '@/features/settings/components/numbering-card';
import { NumberingRestartDialog } from '@/features/settings/components/numbering-restart-dialog';
import { PaymentRulesCard } from '@/features/settings/components/payment-rules-card';
import { SettingsSaveBar } from '@/features/settings/components/settings-save-bar';
import { TimeZoneCard } from '@/features/settings/components/time-zone-card';
import {
  settingsFormValues,
  useSettingsActions,
} from '@/features/settings/lib/use-settings-actions';
import { announceSettingsChanged } from '@/lib/company-settings-event';

export const settingsPageTitle = 'Company Settings';
export const settingsPageSubtitle = 'Company information, logo, tax and document numbering';

// The schema fills defaults (sales tax rate, SST number), so its input type is looser.
const settingsResolver = zodResolver(companySettingsSchema) as unknown as Resolver<CompanySettings>;

/** What the signed-in user may change here (canPerform of each settings action). */
export type SettingsRights = { save: boolean; reset: boolean; changeLogo: boolean };

type SettingsEditorProps = {
  settings: CompanySettingsWithLogo;
  can: SettingsRights;
  /** Reloads the settings from the server; resolves with the fresh copy. */
  reload: () => Promise<CompanySettingsWithLogo | undefined>;
};

/** The settings screen once loaded: header actions, the cards and Save Settings. */
export function SettingsEditor({ settings, can, reload }: SettingsEditorProps) {
  const form = useForm<CompanySettings>({
    resolver: settingsResolver,
    defaultValues: settingsFormValues(settings),
    mode: 'onChange',
  });
  const dirty = form.formState.isDirty;
  const actions = useSettingsActions(form, reload);
  const [confirmReset, setConfirmReset] = useState(false);
  const [confirmRefresh, setConfirmRefresh] = useState(false);

  return (
    <>
      <PageHeader
        title={settingsPageTitle}
        subtitle={settingsPageSubtitle}
        actions={
          <>
            <Button
              variant="outline"
              disabled={actions.reloading}
              onClick={() => (dirty ? setConfirmRefresh(true) : void actions.refresh())}
            >
              <RefreshCw className={actions.reloading ? 'animate-spin' : undefined} /> Refresh
            </Button>
            {can.reset && (
              <Button variant="outline" onClick={() => setConfirmReset(true)}>
                <RotateCcw /> Reset to Default
              </Button>
            )}
          </>
        }
      />
      {!can.save && (
        <p className="mb-4 rounded-md border bg-muted/40 px-4 py-3 text-sm text-muted-foreground">
          You can view the company settings; changing them needs the &ldquo;
          {permissionLabels['settings.edit']}&rdquo; permission.
        </p>
      )}
      <div className="grid gap-4">
        <LogoCard
          logo={settings.logo}
          canEdit={can.changeLogo}
          onChanged={announceSettingsChanged}
        />
        <FormProvider {...form}>
          <form onSubmit={actions.submit} noValidate aria-label="Company settings">
            <fieldset disabled={!can.save} className="grid min-w-0 gap-4">
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
            {can.save && (
              <SettingsSaveBar
                dirty={dirty}
                saving={actions.saving}
                busy={actions.saving || actions.checking}
              />
            )}
          </form>
        </FormProvider>
      </div>
      <UnsavedChangesGuard when={dirty && !actions.saving} />
      <NumberingRestartDialog
        restarts={actions.restartsPending?.restarts ?? []}
        pending={actions.saving}
        onCancel={actions.cancelRestarts}
        onConfirm={actions.confirmRestarts}
      />
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
