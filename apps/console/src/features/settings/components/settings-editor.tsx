import { zodResolver } from '@hookform/resolvers/zod';
import {
  companySettingsSchema,
  permissionLabels,
  type CompanySettings,
  type CompanySettingsWithLogo,
} from '@patrol/contracts';
import { FormProvider, useForm, type Resolver } from 'react-hook-form';
import { PageHeader } from '@/components/layout/page-header';
import { UnsavedChangesGuard } from '@/components/unsaved-changes-guard';
import { LogoCard } from '@/features/settings/components/logo-card';
import { NumberingRestartDialog } from '@/features/settings/components/numbering-restart-dialog';
import { SettingsFormCards } from '@/features/settings/components/settings-form-cards';
import { SettingsHeaderActions } from '@/features/settings/components/settings-header-actions';
import { SettingsSaveBar } from '@/features/settings/components/settings-save-bar';
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

  return (
    <>
      <PageHeader
        title={settingsPageTitle}
        subtitle={settingsPageSubtitle}
        actions={<SettingsHeaderActions dirty={dirty} canReset={can.reset} actions={actions} />}
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
            <SettingsFormCards disabled={!can.save} />
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
    </>
  );
}
