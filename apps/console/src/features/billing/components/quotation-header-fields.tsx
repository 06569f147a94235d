import { paymentTerms, quotationValidityDays, type Quotation } from '@patrol/contracts';
import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { fieldErrorProps, FormField } from '@/components/form-field';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { humanise } from '@/features/billing/lib/billing-labels';
import type { QuotationForm } from './quotation-form-values';

type QuotationHeaderFieldsProps = {
  id: string;
  register: UseFormRegister<QuotationForm>;
  errors: FieldErrors<QuotationForm>;
  /** The quotation being edited, whose client stays offered when the search does not list it. */
  quotation: Quotation | null;
  clientSearch: string;
  onClientSearch: (search: string) => void;
  clientOptions: readonly { id: string; companyName: string }[];
};

/** The quotation's client (searched on the server), date, validity and payment terms. */
export function QuotationHeaderFields({
  id,
  register,
  errors,
  quotation,
  clientSearch,
  onClientSearch,
  clientOptions,
}: QuotationHeaderFieldsProps) {
  const currentClient =
    quotation?.clientId && !clientOptions.some((c) => c.id === quotation.clientId);
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <FormField id={`${id}-client`} label="Client" error={errors.clientId?.message}>
        <Input
          type="search"
          aria-label="Search clients"
          placeholder="Search clients..."
          value={clientSearch}
          onChange={(event) => onClientSearch(event.target.value)}
        />
        <NativeSelect
          {...fieldErrorProps(`${id}-client`, errors.clientId?.message)}
          {...register('clientId')}
        >
          <option value="">Please select a client</option>
          {currentClient && (
            <option value={quotation.clientId!}>{quotation.clientInfo.companyName}</option>
          )}
          {clientOptions.map((client) => (
            <option key={client.id} value={client.id}>
              {client.companyName}
            </option>
          ))}
        </NativeSelect>
      </FormField>
      <div className="grid grid-cols-2 gap-4">
        <FormField id={`${id}-date`} label="Quotation date" error={errors.quotationDate?.message}>
          <Input
            type="date"
            {...fieldErrorProps(`${id}-date`, errors.quotationDate?.message)}
            {...register('quotationDate')}
          />
        </FormField>
        <FormField id={`${id}-validity`} label="Valid for" error={errors.validityDays?.message}>
          <NativeSelect
            {...fieldErrorProps(`${id}-validity`, errors.validityDays?.message)}
            {...register('validityDays', { valueAsNumber: true })}
          >
            {quotationValidityDays.map((days) => (
              <option key={days} value={days}>
                {days} days
              </option>
            ))}
          </NativeSelect>
        </FormField>
        <FormField id={`${id}-terms`} label="Payment terms" error={errors.paymentTerms?.message}>
          <NativeSelect
            {...fieldErrorProps(`${id}-terms`, undefined)}
            {...register('paymentTerms')}
          >
            {paymentTerms.map((term) => (
              <option key={term} value={term}>
                {humanise(term)}
              </option>
            ))}
          </NativeSelect>
        </FormField>
      </div>
    </div>
  );
}
