import type { CreateQuotationBody, Quotation } from '@patrol/contracts';
import { useEffect, useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { toast } from 'sonner';
import { fieldErrorProps, FormField } from '@/components/form-field';
import { FormDialog } from '@/components/form-dialog';
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
import { showServerFieldErrors } from '@/lib/form-errors';
import { DocumentTotals } from './document-totals';
import {
  quotationFormResolver,
  quotationFormValues,
  type QuotationForm,
} from './quotation-form-values';
import { QuotationHeaderFields } from './quotation-header-fields';
import { QuotationItemsFieldset } from './quotation-items-fieldset';
import { useQuotationLines } from './use-quotation-lines';

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
  const lines = useQuotationLines(control, setValue, open);
  const { items, watchedItems, products, totals } = lines;
  const [clientSearch, setClientSearch] = useState('');
  const clients = useBillingClients(clientSearch.trim(), open);
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

  const clientOptions = clients.data?.clients ?? [];
  const chosenClientId = useWatch({ control, name: 'clientId' });
  const chosenClient = clientOptions.find((client) => client.id === chosenClientId);
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
        <QuotationHeaderFields
          id={id}
          register={register}
          errors={errors}
          quotation={quotation}
          clientSearch={clientSearch}
          onClientSearch={setClientSearch}
          clientOptions={clientOptions}
        />

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
          onPickProduct={lines.pickProduct}
          onChooseTaxType={lines.chooseTaxType}
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
