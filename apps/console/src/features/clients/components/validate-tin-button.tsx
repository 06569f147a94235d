import {
  canValidateTin,
  taxpayerTinStatusLabels,
  type ClientEInvoice,
  type TaxpayerTinStatus,
} from '@patrol/contracts';
import type { ValidateTaxpayerTinResponse } from '@patrol/contracts';
import { CheckCircle2Icon, CircleOffIcon, XCircleIcon } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { validateTaxpayerTin } from '@/features/clients/api/validate-taxpayer-tin';
import { ApiError } from '@/lib/api-client';

const statusLooks: Record<TaxpayerTinStatus, { className: string; Icon: typeof CheckCircle2Icon }> =
  {
    valid: { className: 'text-emerald-700', Icon: CheckCircle2Icon },
    notFound: { className: 'text-destructive', Icon: XCircleIcon },
    off: { className: 'text-amber-700', Icon: CircleOffIcon },
  };

type ValidateTinButtonProps = {
  values: Pick<ClientEInvoice, 'tin' | 'idType' | 'idValue'>;
};

/** "Validate TIN": asks LHDN (through the API) whether the TIN belongs to that ID, and says so. */
export function ValidateTinButton({ values }: ValidateTinButtonProps) {
  // A button, not a cached query: LHDN rate-limits this call and the answer is for these values only.
  const [pending, setPending] = useState(false);
  const [result, setResult] = useState<ValidateTaxpayerTinResponse | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const ready = canValidateTin(values);
  const look = result ? statusLooks[result.status] : null;

  return (
    <div className="flex flex-wrap items-center gap-3">
      <Button
        type="button"
        variant="outline"
        size="sm"
        disabled={!ready || pending}
        onClick={() => {
          if (values.idType === '') return;
          setPending(true);
          setResult(null);
          setFailure(null);
          validateTaxpayerTin({ tin: values.tin, idType: values.idType, idValue: values.idValue })
            .then(setResult)
            .catch((error: unknown) =>
              setFailure(
                error instanceof ApiError ? error.message : 'The check failed. Try again.',
              ),
            )
            .finally(() => setPending(false));
        }}
      >
        {pending ? 'Checking...' : 'Validate TIN'}
      </Button>
      <p role="status" aria-live="polite" className="text-sm">
        {!ready && !result && !failure && (
          <span className="text-muted-foreground">
            Enter the TIN, ID type and ID number to check them with LHDN.
          </span>
        )}
        {result && look && (
          <span className={`inline-flex items-center gap-1.5 ${look.className}`}>
            <look.Icon aria-hidden="true" className="size-4" />
            <span className="font-medium">{taxpayerTinStatusLabels[result.status]}</span>
            {result.status !== 'valid' && (
              <span className="text-muted-foreground">{result.message}</span>
            )}
          </span>
        )}
        {failure && <span className="text-destructive">{failure}</span>}
      </p>
    </div>
  );
}
