import { defaultCompanySettings } from '@patrol/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QuotationFormDialog } from '@/features/billing/components/quotation-form-dialog';
import { renderScreen, stubApi } from '@/test/fake-api';
import { jsonResponse, signInAs, testUsers } from '@/test/test-utils';

const clientId = '00000000-0000-4000-8000-0000000000c1';
const emptyPage = {
  currentPage: 1,
  totalPages: 0,
  totalCount: 0,
  limit: 20,
  hasNext: false,
  hasPrev: false,
};

beforeEach(() => signInAs(testUsers.superadmin));
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

function renderForm(sstPercentage?: number) {
  const calls = stubApi({
    ...(sstPercentage !== undefined && {
      'GET /api/settings': () =>
        jsonResponse({
          success: true,
          settings: {
            ...defaultCompanySettings,
            taxSettings: { ...defaultCompanySettings.taxSettings, sstPercentage },
            logo: null,
          },
        }),
    }),
    'GET /api/business/clients': () =>
      jsonResponse({
        success: true,
        clients: [
          {
            id: clientId,
            companyId: 'C1',
            companyName: 'Acme Guards',
            contactPerson: 'Aina',
            email: 'a@example.com',
            phone: '',
            address: '',
          },
        ],
      }),
    'GET /api/business/products': () =>
      jsonResponse({ success: true, products: [reader], pagination: emptyPage }),
    'POST /api/business/quotations': () =>
      jsonResponse(
        { success: true, message: 'Quotation QUO-1 created successfully', quotation: {} },
        201,
      ),
  });
  renderScreen(<QuotationFormDialog open quotation={null} onOpenChange={vi.fn()} />);
  return calls;
}

const totals = () => within(screen.getByLabelText('Totals'));

const reader = {
  id: '00000000-0000-4000-8000-0000000000p1',
  productId: 'PRD-MP-2026-000001',
  name: 'NFC reader',
  description: 'Handheld',
  category: 'hardware',
  unitPrice: 150,
  unit: 'piece',
  minQuantity: 1,
  taxable: true,
  taxType: 'SALES_TAX',
  active: true,
  notes: '',
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

// Typing whole forms takes longer than 5 s when the shared machine is loaded.
describe('QuotationFormDialog', { timeout: 15_000 }, () => {
  it('computes the totals in exact sen as the lines are typed', async () => {
    renderForm();
    const price = screen.getAllByLabelText('Unit price (RM)');
    await userEvent.clear(screen.getAllByLabelText('Quantity')[0]!);
    await userEvent.type(screen.getAllByLabelText('Quantity')[0]!, '3');
    await userEvent.clear(price[0]!);
    await userEvent.type(price[0]!, '0.10');
    // 3 x RM 0.10 is RM 0.30 exactly (0.30000000000000004 in floating point).
    expect(totals().getAllByText('RM 0.30')).toHaveLength(1);

    await userEvent.click(screen.getByRole('button', { name: 'Add Item' }));
    const second = screen.getAllByLabelText('Unit price (RM)')[1]!;
    await userEvent.clear(screen.getAllByLabelText('Quantity')[1]!);
    await userEvent.type(screen.getAllByLabelText('Quantity')[1]!, '7');
    await userEvent.clear(second);
    await userEvent.type(second, '19.99');
    await userEvent.clear(screen.getAllByLabelText('Discount (%)')[1]!);
    await userEvent.type(screen.getAllByLabelText('Discount (%)')[1]!, '15');
    // 0.30 + 139.93 = 140.23 less 20.99 = 119.24; service tax 8% = 9.54; total 128.78 (as the
    // API test), in the order every document prints them.
    const rows = within(screen.getByLabelText('Totals')).getAllByRole('definition');
    expect(rows.map((row) => row.textContent)).toEqual([
      'RM 140.23',
      '-RM 20.99',
      'RM 119.24',
      'RM 9.54',
      'RM 128.78',
    ]);
    expect(totals().getByText('SST service tax 8%')).toBeInTheDocument();
    expect(totals().getByText('Subtotal before discount')).toBeInTheDocument();
  });

  it('asks for a client and an item name before sending, then sends the lines without a rate', async () => {
    const calls = renderForm();
    await userEvent.click(screen.getByRole('button', { name: 'Create Quotation' }));
    await screen.findByText('Please select a client', { selector: 'p' });
    expect(screen.getByText(/Item name is required/)).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    await screen.findByRole('option', { name: 'Acme Guards' });
    await userEvent.selectOptions(screen.getByRole('combobox', { name: /client/i }), clientId);
    await userEvent.type(screen.getByLabelText('Item 1 name'), 'Patrol licence');
    await userEvent.click(screen.getByRole('button', { name: 'Create Quotation' }));
    await vi.waitFor(() => expect(calls.some((call) => call.method === 'POST')).toBe(true));
    const post = calls.find((call) => call.method === 'POST')!;
    expect(post.body).not.toHaveProperty('taxRate');
    expect(post.body).toMatchObject({
      clientId,
      validityDays: 30,
      items: [{ productName: 'Patrol licence', quantity: 1, unitPrice: 0, discount: 0 }],
    });
  });

  it("taxes each line by its product or the settings' default, at the settings' rate", async () => {
    renderForm(6);
    await userEvent.type(screen.getByLabelText('Item 1 name'), 'Survey');
    await userEvent.clear(screen.getAllByLabelText('Unit price (RM)')[0]!);
    await userEvent.type(screen.getAllByLabelText('Unit price (RM)')[0]!, '100');
    expect(await totals().findByText('SST service tax 6%')).toBeInTheDocument();
    expect(totals().getByText('RM 6.00')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Add Item' }));
    await screen.findAllByRole('option', { name: /NFC reader/ });
    await userEvent.selectOptions(screen.getByLabelText('Item 2 product'), reader.id);
    // The reader carries SST sales tax at 10%: RM 15.00 beside the service tax.
    expect(await totals().findByText('SST sales tax 10%')).toBeInTheDocument();
    expect(totals().getByText('RM 15.00')).toBeInTheDocument();

    await userEvent.selectOptions(screen.getAllByLabelText('Tax')[0]!, 'EXEMPT');
    expect(totals().queryByText('SST service tax 6%')).not.toBeInTheDocument();
    expect(totals().getByText('RM 265.00')).toBeInTheDocument();
  });

  it('finds a product on the server as the search is typed, and keeps it once picked', async () => {
    const product = {
      id: '00000000-0000-4000-8000-000000004999',
      productId: 'PRD-4999',
      name: 'Guard tour reader 4999',
      description: 'Product number 4,999 of 5,000',
      category: 'hardware',
      unitPrice: 250,
      unit: 'unit',
      minQuantity: 1,
      taxable: true,
      active: true,
      notes: '',
      createdAt: '2026-01-01T00:00:00.000Z',
      updatedAt: '2026-01-01T00:00:00.000Z',
    };
    const calls = stubApi({
      'GET /api/business/clients': () => jsonResponse({ success: true, clients: [] }),
      'GET /api/business/products': ({ url }) =>
        jsonResponse({
          success: true,
          products: url.searchParams.get('search') === '4999' ? [product] : [],
          pagination: emptyPage,
        }),
    });
    renderScreen(<QuotationFormDialog open quotation={null} onOpenChange={vi.fn()} />);
    await userEvent.type(screen.getByLabelText('Search products'), '4999');
    const option = await screen.findByRole('option', {
      name: 'Guard tour reader 4999 (RM 250.00)',
    });
    expect(
      calls
        .filter((call) => call.path === '/api/business/products')
        .at(-1)
        ?.url.searchParams.get('search'),
    ).toBe('4999');
    await userEvent.selectOptions(screen.getByLabelText('Item 1 product'), option);
    expect(screen.getByLabelText('Item 1 name')).toHaveValue('Guard tour reader 4999');
    await userEvent.clear(screen.getByLabelText('Search products'));
    await userEvent.type(screen.getByLabelText('Search products'), 'x');
    await vi.waitFor(() => expect(screen.getByLabelText('Item 1 product')).toHaveValue(product.id));
  });
});
