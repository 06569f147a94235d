import type { Invoice } from '@patrol/contracts';
import { businessDay } from '@patrol/domain';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderScreen, stubApi } from '@/test/fake-api';
import { jsonResponse } from '@/test/test-utils';
import { RefundNoteDialog } from './refund-note-dialog';

const invoice = {
  id: 'inv-1',
  invoiceNumber: 'INV-MP-2026-000001',
  clientInfo: { companyName: 'Aman Guards Sdn Bhd' },
  totalAmount: 216,
  creditedAmount: 16,
  debitedAmount: 0,
  refundedAmount: 0,
  refundDue: 16,
  isVoided: false,
} as Invoice;

const path = 'POST /api/business/invoices/inv-1/refund-notes';
const issued = () =>
  jsonResponse({
    success: true,
    message: 'Refund note issued',
    note: { id: 'rn-1', noteNumber: 'RN-MP-2026-000001' },
  });

function renderDialog() {
  const onOpenChange = vi.fn();
  renderScreen(<RefundNoteDialog invoice={invoice} onOpenChange={onOpenChange} />);
  return { onOpenChange };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

// Typing whole forms takes longer than 5 s when the shared machine is loaded.
describe('RefundNoteDialog', { timeout: 15_000 }, () => {
  it('offers the refund due and today, then issues the note after a confirmation', async () => {
    const calls = stubApi({ [path]: issued });
    const { onOpenChange } = renderDialog();
    const dialog = screen.getByRole('dialog', { name: 'Refund note' });
    expect(dialog).toHaveTextContent('refund due RM 16.00');
    expect(screen.getByLabelText('Amount (RM)')).toHaveValue(16);
    expect(screen.getByLabelText('Refund date')).toHaveValue(businessDay(new Date()));
    expect(screen.getByLabelText('Refund method')).toHaveValue('bank_transfer');
    expect(screen.getByRole('button', { name: 'Issue Refund Note' })).toBeDisabled();

    await userEvent.clear(screen.getByLabelText('Amount (RM)'));
    await userEvent.type(screen.getByLabelText('Amount (RM)'), '10');
    await userEvent.selectOptions(screen.getByLabelText('Refund method'), 'cheque');
    await userEvent.type(screen.getByLabelText('Reference'), 'CHQ-778');
    await userEvent.type(screen.getByLabelText('Reason'), 'Overcharge paid back');
    await userEvent.click(screen.getByRole('button', { name: 'Issue Refund Note' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Issue Refund Note?' });
    expect(confirm).toHaveTextContent('RM 10.00');
    expect(confirm).toHaveTextContent('INV-MP-2026-000001');
    expect(calls).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: 'Issue Refund Note' }));
    await vi.waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(calls.map((call) => call.body)).toEqual([
      {
        reason: 'Overcharge paid back',
        amount: 10,
        method: 'cheque',
        refundDate: businessDay(new Date()),
        reference: 'CHQ-778',
      },
    ]);
  });

  it('refuses more than the refund due before sending anything', async () => {
    const calls = stubApi({ [path]: issued });
    renderDialog();
    await userEvent.clear(screen.getByLabelText('Amount (RM)'));
    await userEvent.type(screen.getByLabelText('Amount (RM)'), '16.01');
    await userEvent.type(screen.getByLabelText('Reason'), 'Too much');
    await userEvent.click(screen.getByRole('button', { name: 'Issue Refund Note' }));
    expect(
      await screen.findByText(
        'A refund note cannot exceed the refund still due on the invoice after earlier refund notes (RM 16.00)',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('says what is required and that a refund cannot be dated in the future', async () => {
    stubApi({ [path]: issued });
    renderDialog();
    await userEvent.clear(screen.getByLabelText('Amount (RM)'));
    await userEvent.type(screen.getByLabelText('Amount (RM)'), '0');
    expect(
      await screen.findByText('Refund amount is required and must be greater than 0'),
    ).toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText('Refund date'));
    await userEvent.type(screen.getByLabelText('Refund date'), '2999-01-01');
    expect(await screen.findByText('Refund date cannot be in the future')).toBeInTheDocument();
  });

  it('keeps what was typed and shows the server refusal under its field', async () => {
    const message =
      'A refund note cannot exceed the refund still due on the invoice after earlier refund notes (RM 4.00)';
    stubApi({
      [path]: () =>
        jsonResponse(
          { success: false, error: 'VALIDATION_ERROR', message, errors: { amount: message } },
          400,
        ),
    });
    const { onOpenChange } = renderDialog();
    await userEvent.clear(screen.getByLabelText('Amount (RM)'));
    await userEvent.type(screen.getByLabelText('Amount (RM)'), '5');
    await userEvent.type(screen.getByLabelText('Reason'), 'Second refund');
    await userEvent.click(screen.getByRole('button', { name: 'Issue Refund Note' }));
    await userEvent.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', {
        name: 'Issue Refund Note',
      }),
    );
    expect(await screen.findByText(message, { selector: 'p' })).toBeInTheDocument();
    expect(screen.getByLabelText('Amount (RM)')).toHaveValue(5);
    expect(screen.getByLabelText('Reason')).toHaveValue('Second refund');
    expect(onOpenChange).not.toHaveBeenCalledWith(false);
  });
});
