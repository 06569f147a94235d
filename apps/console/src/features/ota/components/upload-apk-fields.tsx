import { formatFileSize } from '@patrol/domain';
import type { ChangeEvent } from 'react';
import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { fieldErrorProps, FormField } from '@/components/form-field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import type { ApkProblems, ApkReading } from '@/features/ota/lib/apk-checks';
import type { UploadFormInput } from '@/features/ota/lib/upload-apk-form';

type UploadApkFieldsProps = {
  idPrefix: string;
  register: UseFormRegister<UploadFormInput>;
  errors: FieldErrors<UploadFormInput>;
  /** The server's refusals found in the browser from the APK's manifest. */
  problems: ApkProblems;
  reading: ApkReading;
  apk: File | null | undefined;
  mapping: File | null | undefined;
  pending: boolean;
  onApkChosen: (event: ChangeEvent<HTMLInputElement>) => void;
  onMappingChosen: (file: File | null) => void;
};

const described = (file: File) => `${file.name} (${formatFileSize(file.size)})`;

/** What an APK field says under it: the file, and what its manifest says once read. */
export function apkHint(apk: File | null | undefined, reading: ApkReading): string {
  if (!apk) return 'An Android .apk, smaller than 200MB.';
  switch (reading.status) {
    case 'reading':
      return `${described(apk)}. Reading its manifest...`;
    case 'read': {
      const { packageName, versionName, versionCode } = reading.identity;
      return `${described(apk)}: ${packageName}, version ${versionName}, version code ${versionCode}.`;
    }
    case 'unchecked':
      return `${described(apk)}. This browser could not read it; the server checks it on upload.`;
    default:
      return described(apk);
  }
}

/** Upload New APK's inputs: the APK, its version, release notes, the mapping and the rollout. */
export function UploadApkFields(props: UploadApkFieldsProps) {
  const { idPrefix, register, errors, problems, reading, pending } = props;
  const id = (field: string) => `${idPrefix}-${field}`;
  const apkError = errors.apk?.message ?? problems.apk;
  const versionError = errors.version?.message ?? problems.version;
  return (
    <>
      <FormField
        id={id('apk')}
        label="APK file"
        error={apkError}
        hint={apkHint(props.apk, reading)}
      >
        <Input
          type="file"
          accept=".apk,application/vnd.android.package-archive"
          disabled={pending}
          onChange={props.onApkChosen}
          {...fieldErrorProps(id('apk'), apkError)}
        />
      </FormField>
      <FormField
        id={id('version')}
        label="Version"
        error={versionError}
        hint={reading.status === 'read' ? "Filled in from the APK's version name." : undefined}
      >
        <Input
          placeholder="1.0.0"
          autoComplete="off"
          disabled={pending}
          {...fieldErrorProps(id('version'), versionError)}
          {...register('version')}
        />
      </FormField>
      <FormField
        id={id('notes')}
        label="Release notes"
        error={errors.releaseNotes?.message}
        hint="Optional. Shown to staff and offered to devices with the update."
      >
        <Textarea
          rows={4}
          disabled={pending}
          {...fieldErrorProps(id('notes'), errors.releaseNotes?.message)}
          {...register('releaseNotes')}
        />
      </FormField>
      <FormField
        id={id('mapping')}
        label="Mapping file"
        error={errors.mapping?.message}
        hint={
          props.mapping
            ? described(props.mapping)
            : "Optional. The build's R8/ProGuard mapping.txt, smaller than 200MB: crash stacks of this release are then readable."
        }
      >
        <Input
          type="file"
          accept=".txt,text/plain"
          disabled={pending}
          onChange={(event) => props.onMappingChosen(event.target.files?.[0] ?? null)}
          {...fieldErrorProps(id('mapping'), errors.mapping?.message)}
        />
      </FormField>
      <FormField
        id={id('rollout')}
        label="Rollout percentage"
        error={errors.rolloutPercent?.message}
        hint="Share of devices offered this release once it is active; 100 offers it to every device."
      >
        <Input
          type="number"
          inputMode="numeric"
          min={0}
          max={100}
          step={1}
          className="w-32"
          disabled={pending}
          {...fieldErrorProps(id('rollout'), errors.rolloutPercent?.message)}
          {...register('rolloutPercent', { valueAsNumber: true })}
        />
      </FormField>
    </>
  );
}
