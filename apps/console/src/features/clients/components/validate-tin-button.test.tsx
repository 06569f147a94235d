import type { ValidateTaxpayerTinResponse } from '@patrol/contracts';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ValidateTinButton } from '@/features/clients/components/validate-tin-button';
import { stubApi } from '@/test/fake-api';
import { jsonResponse, signInAs, testUsers } from '@/test/test-utils';

const path = '/api/business/einvoices/taxpayers/C25845632020/validate';
const values = { tin: 'C25845632020', idType: 'BRN', idValue: '202001000001' } as const;

function answer(body: ValidateTaxpayerTinResponse) {
  return stubApi({ [`GET ${path}`]: () => jsonResponse(body) });
}

afterEach(() => vi.unstubAllGlobals());

describe('ValidateTinButton', () => {
  it('asks the API with the TIN, ID type and number, and shows Valid', async () => {
    signInAs(testUsers.superadmin);
    const calls = answer({ success: true, status: 'valid', message: 'The TIN matches the ID.' });
    render(<ValidateTinButton values={values} />);
    await userEvent.click(screen.getByRole('button', { name: 'Validate TIN' }));
    expect(await screen.findByText('Valid')).toBeInTheDocument();
    expect(calls).toHaveLength(1);
    expect(calls[0]!.url.searchParams.get('idType')).toBe('BRN');
    expect(calls[0]!.url.searchParams.get('idValue')).toBe('202001000001');
  });

  it('shows Not found with the reason', async () => {
    signInAs(testUsers.superadmin);
    answer({
      success: true,
      status: 'notFound',
      message: 'LHDN knows no taxpayer with this TIN and ID.',
    });
    render(<ValidateTinButton values={values} />);
    await userEvent.click(screen.getByRole('button', { name: 'Validate TIN' }));
    expect(await screen.findByText('Not found')).toBeInTheDocument();
    expect(screen.getByText('LHDN knows no taxpayer with this TIN and ID.')).toBeInTheDocument();
  });

  it('says e-invoicing is off, with how to switch it on', async () => {
    signInAs(testUsers.superadmin);
    answer({
      success: true,
      status: 'off',
      message: 'Set MYINVOIS_CLIENT_ID and MYINVOIS_CLIENT_SECRET to switch it on.',
    });
    render(<ValidateTinButton values={values} />);
    await userEvent.click(screen.getByRole('button', { name: 'Validate TIN' }));
    expect(await screen.findByText('e-Invoicing is off')).toBeInTheDocument();
    expect(screen.getByText(/MYINVOIS_CLIENT_ID/)).toBeInTheDocument();
  });

  it('shows the server message when the check fails', async () => {
    signInAs(testUsers.superadmin);
    stubApi({
      [`GET ${path}`]: () =>
        jsonResponse(
          { success: false, error: 'SERVICE_UNAVAILABLE', message: 'MyInvois did not answer' },
          503,
        ),
    });
    render(<ValidateTinButton values={values} />);
    await userEvent.click(screen.getByRole('button', { name: 'Validate TIN' }));
    expect(await screen.findByText('MyInvois did not answer')).toBeInTheDocument();
  });

  it('stays disabled until the TIN, ID type and number are well formed', () => {
    const calls = stubApi({});
    render(<ValidateTinButton values={{ tin: 'C123', idType: 'BRN', idValue: '202001000001' }} />);
    expect(screen.getByRole('button', { name: 'Validate TIN' })).toBeDisabled();
    expect(screen.getByRole('status')).toHaveTextContent(/Enter the TIN, ID type and ID number/);
    expect(calls).toHaveLength(0);
  });
});
