import type { Invoice } from '@patrol/contracts';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderScreen, stubApi } from '@/test/fake-api';
import { jsonResponse } from '@/test/test-utils';
import { InvoiceNoteDialog } from './invoice-note-dialog';

const invoice = {
  id: 'inv-1',
  invoiceNumber: 'INV-MP-2026-000001',
  clientInfo: { companyName: 'Aman Guards Sdn Bhd' },
  totalAmount: 216,
  lineItems: [
    {
      description: 'Licence',
      quantity: 2,
      unitPrice: 100,
      taxType: 'SERVICE_TAX',
      taxRate: 0.08,
      taxAmount: 16,
      lineTotal: 200,
    },
  ],
  creditedAmount: 16,
  debitedAmount: 0,
} as Invoice;

function renderDialog(kind: 'credit' | 'debit' = 'credit') {
  const onOpenChange = vi.fn();
  renderScreen(<InvoiceNoteDialog kind={kind} invoice={invoice} onOpenChange={onOpenChange} />);
  return { onOpenChange };
}

async function fill(amount: string, reason: string) {
  await userEvent.type(screen.getByLabelText('Amount (RM)'), amount);
  await userEvent.type(screen.getByLabelText('Reason'), reason);
}

// Typing whole forms takes longer than 5 s when the shared machine is loaded.
describe('InvoiceNoteDialog', { timeout: 15_000 }, () => {
  it('issues a credit note for an amount and a reason after a confirmation', async () => {
    const calls = stubApi({
      'POST /api/business/invoices/inv-1/credit-notes': () =>
        jsonResponse({
          success: true,
          message: 'Credit note issued',
          note: { id: 'cn-1', noteNumber: 'CN-MP-2026-000001' },
        }),
    });
    const { onOpenChange } = renderDialog();
    expect(screen.getByRole('dialog', { name: 'Credit note' })).toHaveTextContent('owes RM 200.00');
    await fill('50', 'Late delivery');
    await userEvent.click(screen.getByRole('button', { name: 'Issue Credit Note' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Issue Credit Note?' });
    expect(confirm).toHaveTextContent('RM 50.00');
    expect(calls).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: 'Issue Credit Note' }));
    await vi.waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(calls.map((call) => call.body)).toEqual([
      { reason: 'Late delivery', amount: 50, taxType: 'EXEMPT' },
    ]);
  });

  it('issues a note made of lines, taxed at the rate the invoice was issued with', async () => {
    const calls = stubApi({
      'POST /api/business/invoices/inv-1/debit-notes': () =>
        jsonResponse({
          success: true,
          message: 'Debit note issued',
          note: { id: 'dn-1', noteNumber: 'DN-MP-2026-000001' },
        }),
    });
    const { onOpenChange } = renderDialog('debit');
    await userEvent.click(screen.getByRole('radio', { name: 'Lines' }));
    expect(screen.queryByLabelText('Amount (RM)')).not.toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Line 1 description'), 'Extra patrol');
    await userEvent.type(screen.getByLabelText('Unit price (RM)'), '100');
    await userEvent.selectOptions(screen.getByLabelText('Tax type'), 'SST service tax');
    await userEvent.type(screen.getByLabelText('Reason'), 'Extra patrol on Sunday');
    await userEvent.click(screen.getByRole('button', { name: 'Issue Debit Note' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Issue Debit Note?' });
    expect(confirm).toHaveTextContent('RM 108.00');
    await userEvent.click(screen.getByRole('button', { name: 'Issue Debit Note' }));
    await vi.waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(calls.map((call) => call.body)).toEqual([
      {
        reason: 'Extra patrol on Sunday',
        lines: [
          { description: 'Extra patrol', quantity: 1, unitPrice: 100, taxType: 'SERVICE_TAX' },
        ],
      },
    ]);
  });

  it('refuses a credit above what the invoice still owes and sends nothing', async () => {
    const calls = stubApi({});
    renderDialog();
    await fill('200.01', 'Too much');
    await userEvent.click(screen.getByRole('button', { name: 'Issue Credit Note' }));
    expect(
      await screen.findByText(
        'A credit note cannot exceed what the invoice still owes after earlier credit notes (RM 200.00)',
      ),
    ).toBeVisible();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('keeps Issue disabled until an amount and a reason are given', async () => {
    stubApi({});
    renderDialog('debit');
    const issue = screen.getByRole('button', { name: 'Issue Debit Note' });
    expect(issue).toBeDisabled();
    await fill('10', 'Extra visit');
    expect(issue).toBeEnabled();
  });
});
