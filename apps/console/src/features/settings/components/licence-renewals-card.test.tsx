import { zodResolver } from '@hookform/resolvers/zod';
import {
  companySettingsSchema,
  defaultCompanySettings,
  type CompanySettings,
} from '@patrol/contracts';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FormProvider, useForm, type Resolver } from 'react-hook-form';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { LicenceRenewalsCard } from '@/features/settings/components/licence-renewals-card';

beforeEach(() => {
  // Radix measures a switch inside a form; jsdom has no ResizeObserver.
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
  return () => vi.unstubAllGlobals();
});

// The card inside the settings form's own resolver and mode, without the rest of the page
// (the page's save journey is settings-page.test.tsx's): the ladder's rules and its sorting are
// the schema's, so what reaches onSave is what the page would send.
function CardInSettingsForm({ onSave }: { onSave: (values: CompanySettings) => void }) {
  const form = useForm<CompanySettings>({
    resolver: zodResolver(companySettingsSchema) as unknown as Resolver<CompanySettings>,
    defaultValues: defaultCompanySettings,
    mode: 'onChange',
  });
  return (
    <FormProvider {...form}>
      <form onSubmit={form.handleSubmit(onSave)} noValidate>
        <LicenceRenewalsCard />
        <button type="submit">Save Settings</button>
      </form>
    </FormProvider>
  );
}

function openCard() {
  const onSave = vi.fn<(values: CompanySettings) => void>();
  render(<CardInSettingsForm onSave={onSave} />);
  return onSave;
}

const days = (step: number) => screen.getByLabelText(`Reminder ${step}: days from the due date`);
const sends = (step: number) => screen.getByLabelText(`Reminder ${step} sends`);

describe('Licence renewals card: the reminder ladder', () => {
  it('edits each step, adds and removes steps, and saves the ladder sorted by day', async () => {
    const onSave = openCard();
    expect(days(1)).toHaveValue(-3);
    expect(screen.getByText('3 days before the due date')).toBeInTheDocument();
    expect(days(5)).toHaveValue(30);
    expect(sends(1)).toHaveValue('email_with_pdf');

    await userEvent.selectOptions(sends(2), 'WhatsApp text only');
    await userEvent.click(screen.getByRole('button', { name: 'Remove reminder 1' }));
    await userEvent.click(screen.getByRole('button', { name: 'Add reminder' }));
    expect(days(5)).toHaveValue(37);
    await userEvent.clear(days(5));
    await userEvent.type(days(5), '-1');
    await userEvent.selectOptions(sends(5), 'E-mail without the PDF');
    await userEvent.click(screen.getByRole('button', { name: 'Save Settings' }));

    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));
    expect(onSave.mock.calls[0]![0]).toMatchObject({
      licenceRenewals: {
        reminderLadder: [
          { days: -1, sends: 'email' },
          { days: 0, sends: 'whatsapp' },
          { days: 7, sends: 'email_with_pdf' },
          { days: 14, sends: 'email_with_pdf' },
          { days: 30, sends: 'email_with_pdf' },
        ],
      },
    });
  });

  it('refuses a day twice or out of range in words, and saves nothing', async () => {
    const onSave = openCard();
    await userEvent.clear(days(2));
    await userEvent.type(days(2), '-3');
    expect(await screen.findByText('Each reminder day may appear only once')).toBeInTheDocument();
    await userEvent.clear(days(3));
    await userEvent.type(days(3), '400');
    expect(
      await screen.findByText(
        'Each reminder must be between 60 days before and 365 days after the due date',
      ),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Save Settings' }));
    await waitFor(() => expect(days(2)).toHaveAttribute('aria-invalid', 'true'));
    expect(onSave).not.toHaveBeenCalled();
  });

  it('keeps at least one step and at most ten', async () => {
    openCard();
    for (let added = 0; added < 5; added += 1) {
      await userEvent.click(screen.getByRole('button', { name: 'Add reminder' }));
    }
    expect(screen.getByRole('button', { name: 'Add reminder' })).toBeDisabled();
    for (let step = 10; step > 1; step -= 1) {
      await userEvent.click(screen.getByRole('button', { name: `Remove reminder ${step}` }));
    }
    expect(screen.getByRole('button', { name: 'Remove reminder 1' })).toBeDisabled();
  });
});
