import type { EinvoiceError } from '@patrol/contracts';
import type { MyInvoisStandardError, MyInvoisValidationStep } from './myinvois-types';

type Source = EinvoiceError['source'];

/** A standard error and each of its details, flattened, as stored on the document. */
export function fromStandardError(
  source: Source,
  error: MyInvoisStandardError | null,
  at: Date,
): EinvoiceError[] {
  const head: EinvoiceError = {
    source,
    code: error?.code ?? 'Unknown',
    message: error?.message ?? 'MyInvois gave no reason',
    target: error?.propertyPath ?? error?.target ?? null,
    at: at.toISOString(),
  };
  const details = (error?.details ?? []).flatMap((detail) => fromStandardError(source, detail, at));
  return [head, ...details];
}

/** Every failed validation step of a document's details, inner errors included. */
export function fromValidationSteps(
  steps: MyInvoisValidationStep[] | null | undefined,
  at: Date,
): EinvoiceError[] {
  const errors: EinvoiceError[] = [];
  const add = (step: string, error: MyInvoisValidationStep['error']) => {
    if (!error) return;
    const inner = error.innerError ?? [];
    if (error.error || inner.length === 0) {
      errors.push({
        source: 'validation',
        code: error.errorCode ?? step,
        message: error.error ?? `${step} failed`,
        target: error.propertyPath ?? error.propertyName ?? null,
        at: at.toISOString(),
      });
    }
    for (const child of inner) add(step, child);
  };
  for (const step of steps ?? []) if (step.status === 'Invalid') add(step.name, step.error);
  if (errors.length === 0) {
    errors.push({
      source: 'validation',
      code: 'Invalid',
      message: 'LHDN marked the document invalid without naming a step',
      target: null,
      at: at.toISOString(),
    });
  }
  return errors;
}

/** A local problem (pre-check, size) as a stored error. */
export function localError(code: string, message: string, target: string | null, at: Date) {
  return { source: 'local', code, message, target, at: at.toISOString() } satisfies EinvoiceError;
}
