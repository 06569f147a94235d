import {
  documentKinds,
  numberingLimits,
  type CompanySettings,
  type DocumentKind,
} from '@patrol/contracts';
import { previewDocumentNumber } from '@patrol/domain';
import { useWatch } from 'react-hook-form';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import {
  SettingsNumberField,
  SettingsSwitchField,
  SettingsTextField,
} from '@/features/settings/components/settings-fields';
import {
  padLengthInput,
  prefixInput,
  seriesInput,
  startNumberInput,
} from '@/features/settings/lib/settings-input-rules';

const kindLabels: Record<DocumentKind, string> = {
  product: 'Product',
  quotation: 'Quotation',
  invoice: 'Invoice',
  receipt: 'Receipt',
  creditNote: 'Credit note',
  debitNote: 'Debit note',
  refundNote: 'Refund note',
};

function NumberPreview({ kind }: { kind: DocumentKind }) {
  const config = useWatch<CompanySettings, `numberingSettings.${DocumentKind}`>({
    name: `numberingSettings.${kind}`,
  });
  return (
    <p className="flex flex-wrap items-center gap-2 text-sm">
      <span className="text-muted-foreground">Preview:</span>
      <output
        className="rounded-md bg-muted px-2 py-0.5 font-mono text-sm font-medium"
        aria-label={`${kindLabels[kind]} number preview`}
      >
        {previewDocumentNumber(config, new Date())}
      </output>
    </p>
  );
}

function KindSettings({ kind }: { kind: DocumentKind }) {
  const path = `numberingSettings.${kind}` as const;
  return (
    <section
      aria-label={`${kindLabels[kind]} numbering`}
      className="grid content-start gap-4 rounded-md border p-4"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="text-sm font-semibold">{kindLabels[kind]}</h3>
        <NumberPreview kind={kind} />
      </div>
      <div className="grid grid-cols-2 gap-3">
        <SettingsTextField
          name={`${path}.prefix`}
          label="Prefix"
          sanitize={prefixInput}
          maxLength={numberingLimits.prefixMaxLength}
        />
        <SettingsTextField
          name={`${path}.series`}
          label="Series"
          sanitize={seriesInput}
          maxLength={numberingLimits.seriesMaxLength}
        />
        <SettingsNumberField
          name={`${path}.startNumber`}
          label="Start Number"
          parse={startNumberInput}
          min={numberingLimits.startNumberMin}
        />
        <SettingsNumberField
          name={`${path}.padLength`}
          label="Pad Length"
          parse={padLengthInput}
          min={numberingLimits.padLength.min}
          max={numberingLimits.padLength.max}
        />
      </div>
      <div className="grid gap-3">
        <SettingsSwitchField name={`${path}.useFinancialYear`} label="Use financial year" />
        <SettingsSwitchField name={`${path}.useCurrentYear`} label="Use current year" />
        <SettingsSwitchField
          name={`${path}.resetAnnually`}
          label="Reset annually"
          description="Start again from the start number every year."
        />
      </div>
    </section>
  );
}

/** Numbering of products, quotations, invoices and receipts, each with its live preview. */
export function NumberingCard() {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Numbering Configuration</CardTitle>
        <CardDescription>
          Numbers join the prefix, series, optional financial year, optional current year and the
          zero-padded sequence with hyphens.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4 lg:grid-cols-2">
        {documentKinds.map((kind) => (
          <KindSettings key={kind} kind={kind} />
        ))}
      </CardContent>
    </Card>
  );
}
