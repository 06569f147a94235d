import {
  defaultCompanySettings,
  paymentTerms,
  quotationValidityDays,
  type CreateQuotationBody,
  type Quotation,
  type TaxType,
} from '@patrol/contracts';
import { calculateDocumentTotals, lineTaxType, taxRateOf } from '@patrol/domain';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { useFieldArray, useForm, useWatch } from 'react-hook-form';
import { toast } from 'sonner';
import { fieldErrorProps, FormField } from '@/components/form-field';
import { FormDialog } from '@/components/form-dialog';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { Textarea } from '@/components/ui/textarea';
import {
  useBillingClients,
  useCreateQuotation,
  useUpdateQuotation,
} from '@/features/billing/api/quotations';
import {
  billingActionFailure,
  quotationFailureFallbacks,
} from '@/features/billing/lib/billing-errors';
import { humanise } from '@/features/billing/lib/billing-labels';
import { settingsQueryOptions } from '@/lib/company-settings-query';
import { showServerFieldErrors } from '@/lib/form-errors';
import { DocumentTotals } from './document-totals';
import {
  quotationFormResolver,
  quotationFormValues,
  type QuotationForm,
} from './quotation-form-values';
import { QuotationItemsFieldset } from './quotation-items-fieldset';
import { useProductPicker } from './use-product-picker';

type QuotationFormDialogProps = {
  open: boolean;
  /** The quotation being edited; null creates a new one. */
  quotation: Quotation | null;
  onOpenChange: (open: boolean) => void;
};

/** Create New Quotation and Edit Quotation, with the totals computed as the server will. */
export function QuotationFormDialog({ open, quotation, onOpenChange }: QuotationFormDialogProps) {
  const { register, control, handleSubmit, reset, setValue, setError, formState } =
    useForm<QuotationForm>({
      resolver: quotationFormResolver,
      defaultValues: quotationFormValues(null),
    });
  // Each line's rate is the company's for its tax type (Settings > Tax); the defaults until loaded.
  const settings = useQuery({ ...settingsQueryOptions(), enabled: open });
  const taxSettings = settings.data?.taxSettings ?? defaultCompanySettings.taxSettings;
  const items = useFieldArray({ control, name: 'items' });
  const watchedItems = useWatch({ control, name: 'items' });
  const [clientSearch, setClientSearch] = useState('');
  const clients = useBillingClients(clientSearch.trim(), open);
  const products = useProductPicker(open);
  const resetProducts = products.reset;
  const createQuotation = useCreateQuotation();
  const updateQuotation = useUpdateQuotation();
  const id = useId();
  const errors = formState.errors;

  useEffect(() => {
    if (open) {
      reset(quotationFormValues(quotation));
      setClientSearch('');
      resetProducts();
    }
  }, [open, quotation, reset, resetProducts]);

  // Exactly the server's rule (libs/domain): each line's type from the line, its product or the
  // settings, at the settings' rate for it, so the figures shown are the figures saved.
  const totals = calculateDocumentTotals(
    (watchedItems ?? []).map((item) => {
      const product = products.options.find((candidate) => candidate.id === item.productId);
      const taxType = lineTaxType({ taxType: item.taxType, product }, taxSettings);
      return { ...item, taxType, taxRate: taxRateOf(taxType, taxSettings) };
    }),
  );

  const submit = handleSubmit(async (values) => {
    const body = values as CreateQuotationBody;
    try {
      const response = quotation
        ? await updateQuotation.mutateAsync({ id: quotation.id, body })
        : await createQuotation.mutateAsync(body);
      toast.success(response.message);
      onOpenChange(false);
    } catch (error) {
      showServerFieldErrors(error, setError);
      toast.error(
        quotation
          ? billingActionFailure('updating quotation', error, quotationFailureFallbacks.update)
          : billingActionFailure('creating quotation', error, quotationFailureFallbacks.create),
      );
    }
  });

  const pickProduct = (index: number, productId: string) => {
    const product = products.pick(productId);
    setValue(`items.${index}.productId`, product?.id ?? null);
    // A licence product sells new keys unless the line is switched to a renewal.
    setValue(`items.${index}.licenceAction`, product?.category === 'licence' ? 'new_keys' : null);
    setValue(`items.${index}.renewalLicenceIds`, []);
    if (!product) return;
    setValue(`items.${index}.productName`, product.name, { shouldValidate: true });
    setValue(`items.${index}.description`, product.description);
    setValue(`items.${index}.unitPrice`, product.unitPrice, { shouldValidate: true });
    setValue(`items.${index}.taxType`, product.taxable ? product.taxType : 'EXEMPT');
  };

  const chooseTaxType = (index: number, taxType: TaxType) =>
    setValue(`items.${index}.taxType`, taxType, { shouldDirty: true });

  const clientOptions = clients.data?.clients ?? [];
  const chosenClientId = useWatch({ control, name: 'clientId' });
  const chosenClient = clientOptions.find((client) => client.id === chosenClientId);
  const currentClient =
    quotation?.clientId && !clientOptions.some((c) => c.id === quotation.clientId);
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={quotation ? 'Edit Quotation' : 'Create New Quotation'}
      description={
        quotation
          ? `Change ${quotation.quotationNumber}; totals are recomputed when you save.`
          : 'Pick a client and add the items; the number is assigned when you save.'
      }
      onSubmit={submit}
      submitLabel={quotation ? 'Save Changes' : 'Create Quotation'}
      pendingLabel="Saving..."
      pending={createQuotation.isPending || updateQuotation.isPending}
      width="xl"
    >
      <div className="grid max-h-[65vh] gap-4 overflow-y-auto pr-1">
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField id={`${id}-client`} label="Client" error={errors.clientId?.message}>
            <Input
              type="search"
              aria-label="Search clients"
              placeholder="Search clients..."
              value={clientSearch}
              onChange={(event) => setClientSearch(event.target.value)}
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
            <FormField
              id={`${id}-date`}
              label="Quotation date"
              error={errors.quotationDate?.message}
            >
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
            <FormField
              id={`${id}-terms`}
              label="Payment terms"
              error={errors.paymentTerms?.message}
            >
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

        <QuotationItemsFieldset
          items={items}
          watchedItems={watchedItems}
          lines={totals.lines}
          register={register}
          setValue={setValue}
          companyId={chosenClient?.companyId}
          errors={errors}
          products={products.options}
          productSearch={products.search}
          onProductSearch={products.setSearch}
          onPickProduct={pickProduct}
          onChooseTaxType={chooseTaxType}
        />

        <DocumentTotals figures={totals} />

        <FormField id={`${id}-notes`} label="Notes" error={errors.notes?.message}>
          <Textarea
            rows={2}
            {...fieldErrorProps(`${id}-notes`, errors.notes?.message)}
            {...register('notes')}
          />
        </FormField>
      </div>
    </FormDialog>
  );
}
