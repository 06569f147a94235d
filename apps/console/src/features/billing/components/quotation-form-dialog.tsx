import {
  defaultTaxRate,
  paymentTerms,
  quotationValidityDays,
  type CreateQuotationBody,
  type Quotation,
} from '@patrol/contracts';
import { calculateQuotationTotals, formatMoney } from '@patrol/domain';
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
      defaultValues: quotationFormValues(null, defaultTaxRate * 100),
    });
  // A new quotation's SST is the company's (Settings > Tax), 8 percent until they load.
  const settings = useQuery({ ...settingsQueryOptions(), enabled: open });
  const sstPercentage = settings.data?.taxSettings.sstPercentage ?? defaultTaxRate * 100;
  const items = useFieldArray({ control, name: 'items' });
  const watchedItems = useWatch({ control, name: 'items' });
  const taxPercent = useWatch({ control, name: 'taxPercent' });
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
      reset(quotationFormValues(quotation, defaultTaxRate * 100));
      setClientSearch('');
      resetProducts();
    }
  }, [open, quotation, reset, resetProducts]);

  // The company's rate arrives after the dialog opens: it fills the field unless already typed in.
  const taxTyped = Boolean(formState.dirtyFields.taxPercent);
  useEffect(() => {
    if (open && !quotation && !taxTyped) setValue('taxPercent', sstPercentage);
  }, [open, quotation, taxTyped, sstPercentage, setValue]);

  // Exactly the server's arithmetic (libs/domain), so the figures shown are the figures saved.
  const totals = calculateQuotationTotals(
    watchedItems ?? [],
    Number.isFinite(taxPercent) ? taxPercent / 100 : 0,
  );

  const submit = handleSubmit(async ({ taxPercent: percent, ...values }) => {
    const body = { ...values, taxRate: percent / 100 } as CreateQuotationBody;
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
    if (!product) return;
    setValue(`items.${index}.productName`, product.name, { shouldValidate: true });
    setValue(`items.${index}.description`, product.description);
    setValue(`items.${index}.unitPrice`, product.unitPrice, { shouldValidate: true });
  };

  const clientOptions = clients.data?.clients ?? [];
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
            <FormField id={`${id}-tax`} label="SST (%)" error={errors.taxPercent?.message}>
              <Input
                type="number"
                min={0}
                max={100}
                step={0.1}
                {...fieldErrorProps(`${id}-tax`, errors.taxPercent?.message)}
                {...register('taxPercent', { valueAsNumber: true })}
              />
            </FormField>
          </div>
        </div>

        <QuotationItemsFieldset
          items={items}
          watchedItems={watchedItems}
          lines={totals.lines}
          register={register}
          errors={errors}
          products={products.options}
          productSearch={products.search}
          onProductSearch={products.setSearch}
          onPickProduct={pickProduct}
        />

        <dl
          className="ml-auto grid w-full max-w-xs grid-cols-2 gap-1 text-sm tabular-nums"
          aria-label="Totals"
        >
          <dt className="text-muted-foreground">Subtotal</dt>
          <dd className="text-right">{formatMoney(totals.subtotalSen / 100)}</dd>
          <dt className="text-muted-foreground">Discounts</dt>
          <dd className="text-right">{formatMoney(totals.discountSen / 100)}</dd>
          <dt className="text-muted-foreground">SST</dt>
          <dd className="text-right">{formatMoney(totals.taxSen / 100)}</dd>
          <dt className="font-semibold">Total</dt>
          <dd className="text-right font-semibold">{formatMoney(totals.totalSen / 100)}</dd>
        </dl>

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
