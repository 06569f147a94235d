import { zodResolver } from '@hookform/resolvers/zod';
import {
  defaultQuotationValidityDays,
  defaultTaxRate,
  paymentTerms,
  paymentTermsSchema,
  quotationItemInputSchema,
  quotationMessages,
  quotationValidityDays,
  type CreateQuotationBody,
  type Quotation,
} from '@patrol/contracts';
import { businessDay, calculateQuotationTotals, formatMoney } from '@patrol/domain';
import { PlusIcon, Trash2Icon } from 'lucide-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { useFieldArray, useForm, useWatch, type Resolver } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import { fieldErrorProps, FormField } from '@/components/form-field';
import { FormDialog } from '@/components/form-dialog';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { Textarea } from '@/components/ui/textarea';
import { useProducts } from '@/features/billing/api/products';
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

const formSchema = z.object({
  clientId: z.string().min(1, quotationMessages.clientRequired),
  quotationDate: z.iso.date('Quotation date is required'),
  validityDays: z.number(),
  paymentTerms: paymentTermsSchema,
  /** The SST rate as the form shows it, in percent. */
  taxPercent: z.number('Tax rate must be between 0 and 100').min(0).max(100),
  notes: z.string().trim().max(5000),
  items: z.array(quotationItemInputSchema).min(1, quotationMessages.itemsRequired).max(100),
});
type QuotationForm = z.input<typeof formSchema>;
type QuotationFormItem = QuotationForm['items'][number];
const resolver = zodResolver(formSchema) as unknown as Resolver<QuotationForm>;

/** A new line (spec 3 section 5): quantity 1, unit price 0, no discount. */
const blankItem: QuotationFormItem = {
  productId: null,
  productName: '',
  description: '',
  quantity: 1,
  unitPrice: 0,
  discount: 0,
};

function formValues(quotation: Quotation | null, sstPercentage: number): QuotationForm {
  if (!quotation) {
    return {
      clientId: '',
      quotationDate: businessDay(new Date()),
      validityDays: defaultQuotationValidityDays,
      paymentTerms: 'NET_30',
      taxPercent: sstPercentage,
      notes: '',
      items: [blankItem],
    };
  }
  return {
    clientId: quotation.clientId ?? '',
    quotationDate: quotation.quotationDate,
    validityDays: quotation.validityDays,
    paymentTerms: quotation.paymentTerms,
    taxPercent: Math.round(quotation.taxRate * 10_000) / 100,
    notes: quotation.notes,
    items: quotation.items.map(
      ({ productId, productName, description, quantity, unitPrice, discount }) => ({
        productId,
        productName,
        description,
        quantity,
        unitPrice,
        discount,
      }),
    ),
  };
}

type QuotationFormDialogProps = {
  open: boolean;
  /** The quotation being edited; null creates a new one. */
  quotation: Quotation | null;
  onOpenChange: (open: boolean) => void;
};

/** Create New Quotation and Edit Quotation, with the totals computed as the server will. */
export function QuotationFormDialog({ open, quotation, onOpenChange }: QuotationFormDialogProps) {
  const { register, control, handleSubmit, reset, setValue, setError, formState } =
    useForm<QuotationForm>({ resolver, defaultValues: formValues(null, defaultTaxRate * 100) });
  // A new quotation's SST is the company's (Settings > Tax), 8 percent until they load.
  const settings = useQuery({ ...settingsQueryOptions(), enabled: open });
  const sstPercentage = settings.data?.taxSettings.sstPercentage ?? defaultTaxRate * 100;
  const items = useFieldArray({ control, name: 'items' });
  const watchedItems = useWatch({ control, name: 'items' });
  const taxPercent = useWatch({ control, name: 'taxPercent' });
  const [clientSearch, setClientSearch] = useState('');
  const clients = useBillingClients(clientSearch.trim(), open);
  const products = useProducts({ page: 1, active: true, limit: 100 }, open);
  const createQuotation = useCreateQuotation();
  const updateQuotation = useUpdateQuotation();
  const id = useId();
  const errors = formState.errors;

  useEffect(() => {
    if (open) {
      reset(formValues(quotation, defaultTaxRate * 100));
      setClientSearch('');
    }
  }, [open, quotation, reset]);

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
    const product = products.data?.products.find((candidate) => candidate.id === productId);
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

        <fieldset className="grid gap-3">
          <legend className="mb-2 text-sm font-medium">Items</legend>
          {items.fields.map((item, index) => {
            const itemErrors = errors.items?.[index];
            const line = totals.lines[index];
            return (
              <div key={item.id} className="grid gap-2 rounded-md border p-3">
                <div className="grid gap-2 sm:grid-cols-[1fr_1fr_auto]">
                  <NativeSelect
                    aria-label={`Item ${index + 1} product`}
                    value={watchedItems?.[index]?.productId ?? ''}
                    onChange={(event) => pickProduct(index, event.target.value)}
                  >
                    <option value="">Custom item (no catalogue product)</option>
                    {products.data?.products.map((product) => (
                      <option key={product.id} value={product.id}>
                        {product.name} ({formatMoney(product.unitPrice)})
                      </option>
                    ))}
                  </NativeSelect>
                  <Input
                    aria-label={`Item ${index + 1} name`}
                    placeholder="Item name"
                    aria-invalid={itemErrors?.productName ? true : undefined}
                    {...register(`items.${index}.productName`)}
                  />
                  <Button
                    type="button"
                    variant="ghost"
                    size="icon"
                    aria-label={`Remove item ${index + 1}`}
                    onClick={() => items.remove(index)}
                    disabled={items.fields.length === 1}
                  >
                    <Trash2Icon aria-hidden="true" />
                  </Button>
                </div>
                <Input
                  aria-label={`Item ${index + 1} description`}
                  placeholder="Description (optional)"
                  {...register(`items.${index}.description`)}
                />
                <div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
                  <label className="grid gap-1 text-xs text-muted-foreground">
                    Quantity
                    <Input
                      className="text-foreground"
                      type="number"
                      min={1}
                      step={1}
                      aria-invalid={itemErrors?.quantity ? true : undefined}
                      {...register(`items.${index}.quantity`, { valueAsNumber: true })}
                    />
                  </label>
                  <label className="grid gap-1 text-xs text-muted-foreground">
                    Unit price (RM)
                    <Input
                      className="text-foreground"
                      type="number"
                      min={0}
                      step={0.01}
                      aria-invalid={itemErrors?.unitPrice ? true : undefined}
                      {...register(`items.${index}.unitPrice`, { valueAsNumber: true })}
                    />
                  </label>
                  <label className="grid gap-1 text-xs text-muted-foreground">
                    Discount (%)
                    <Input
                      className="text-foreground"
                      type="number"
                      min={0}
                      max={100}
                      step={0.01}
                      aria-invalid={itemErrors?.discount ? true : undefined}
                      {...register(`items.${index}.discount`, { valueAsNumber: true })}
                    />
                  </label>
                  <div className="grid gap-1 text-xs text-muted-foreground">
                    Line total
                    <output className="flex h-9 items-center justify-end font-medium text-foreground tabular-nums">
                      {formatMoney((line?.lineTotalSen ?? 0) / 100)}
                    </output>
                  </div>
                </div>
                {itemErrors && (
                  <p className="text-sm text-destructive">
                    {[
                      itemErrors.productName,
                      itemErrors.quantity,
                      itemErrors.unitPrice,
                      itemErrors.discount,
                    ]
                      .map((error) => error?.message)
                      .filter(Boolean)
                      .join(' · ')}
                  </p>
                )}
              </div>
            );
          })}
          {errors.items?.message && (
            <p className="text-sm text-destructive">{errors.items.message}</p>
          )}
          {errors.items?.root?.message && (
            <p className="text-sm text-destructive">{errors.items.root.message}</p>
          )}
          <Button
            type="button"
            variant="outline"
            className="w-fit"
            onClick={() => items.append(blankItem)}
          >
            <PlusIcon aria-hidden="true" />
            Add Item
          </Button>
        </fieldset>

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
