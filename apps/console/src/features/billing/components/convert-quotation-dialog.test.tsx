import type { Quotation } from '@patrol/contracts';
import { addDays, businessDay } from '@patrol/domain';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ConvertQuotationDialog } from './convert-quotation-dialog';

const quotation = {
  id: 'q-1',
  quotationNumber: 'QUO-1',
  paymentTerms: 'NET_30',
  totalAmount: 216,
  clientInfo: { companyName: 'Aman Guards Sdn Bhd' },
} as Quotation;

function renderDialog(onSubmit = vi.fn(async () => true)) {
  const onOpenChange = vi.fn();
  render(
    <ConvertQuotationDialog
      quotation={quotation}
      onOpenChange={onOpenChange}
      pending={false}
      onSubmit={onSubmit}
    />,
  );
  return { onSubmit, onOpenChange };
}

describe('ConvertQuotationDialog', () => {
  it('asks for confirmation with the invoice dated today and due by the payment terms', async () => {
    const { onSubmit, onOpenChange } = renderDialog();
    const today = businessDay(new Date());
    expect(screen.getByRole('dialog', { name: 'Convert to invoice?' })).toBeInTheDocument();
    expect(screen.getByLabelText('Invoice date')).toHaveValue(today);
    expect(screen.getByLabelText('Due date')).toHaveValue(addDays(today, 30));
    await userEvent.click(screen.getByRole('button', { name: 'Convert to Invoice' }));
    expect(onSubmit).toHaveBeenCalledWith(quotation, {
      issueDate: today,
      dueDate: addDays(today, 30),
    });
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it('refuses a due date before the invoice date and converts nothing', async () => {
    const { onSubmit } = renderDialog();
    const due = screen.getByLabelText('Due date');
    await userEvent.clear(due);
    await userEvent.type(due, addDays(businessDay(new Date()), -1));
    await userEvent.click(screen.getByRole('button', { name: 'Convert to Invoice' }));
    expect(await screen.findByText('Due date cannot be before the invoice date')).toBeVisible();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('stays open when the server refuses', async () => {
    const { onOpenChange } = renderDialog(vi.fn(async () => false));
    await userEvent.click(screen.getByRole('button', { name: 'Convert to Invoice' }));
    expect(onOpenChange).not.toHaveBeenCalled();
  });
});
