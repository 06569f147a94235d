import type { ListProductsResponse, Product } from '@patrol/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ProductsTab } from '@/features/billing/components/products-tab';
import { renderScreen, stubApi } from '@/test/fake-api';
import { jsonResponse, signInAs, testUsers } from '@/test/test-utils';

const product: Product = {
  id: '00000000-0000-4000-8000-000000000001',
  productId: 'PRD-MP-2026-000001',
  name: 'Patrol licence',
  description: 'One device, one year',
  category: 'licence',
  unitPrice: 480,
  unit: 'license',
  minQuantity: 1,
  taxable: true,
  taxType: 'SERVICE_TAX',
  licenceType: 'Standard',
  validityDays: 365,
  active: true,
  notes: '',
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

function page(products: Product[]): ListProductsResponse {
  return {
    success: true,
    products,
    pagination: {
      currentPage: 1,
      totalPages: 1,
      totalCount: products.length,
      limit: 20,
      hasNext: false,
      hasPrev: false,
    },
  };
}

function LocationProbe() {
  const location = useLocation();
  return <output aria-label="location">{location.search}</output>;
}

function renderTab(path = '/billing?tab=products') {
  renderScreen(
    <Routes>
      <Route
        path="/billing"
        element={
          <>
            <ProductsTab />
            <LocationProbe />
          </>
        }
      />
    </Routes>,
    path,
  );
}

beforeEach(() => signInAs(testUsers.superadmin));
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('ProductsTab', () => {
  it('lists the catalogue with the spec caption, and keeps the filters in the URL', async () => {
    const calls = stubApi({ 'GET /api/business/products': () => jsonResponse(page([product])) });
    renderTab();
    await screen.findByText('Patrol licence');
    expect(screen.getByText('Showing 1 of 1 products')).toBeInTheDocument();
    expect(screen.getByText('RM 480.00')).toBeInTheDocument();

    await userEvent.selectOptions(screen.getByLabelText('Category'), 'training');
    await vi.waitFor(() =>
      expect(screen.getByLabelText('location')).toHaveTextContent('category=training'),
    );
    await screen.findByText('Showing 1 of 1 products (filtered)');
    expect(calls.at(-1)!.url.searchParams.get('category')).toBe('training');
  });

  it('puts the switch back and says why when the server refuses a status change', async () => {
    stubApi({
      'GET /api/business/products': () => jsonResponse(page([product])),
      'PUT /api/business/products/00000000-0000-4000-8000-000000000001/status': () =>
        jsonResponse({ success: false, error: 'FORBIDDEN', message: 'No access' }, 403),
    });
    renderTab();
    const toggle = await screen.findByRole('switch', { name: 'Patrol licence active' });
    expect(toggle).toBeChecked();
    await userEvent.click(toggle);
    await screen.findByText('Error updating product status: No access');
    await vi.waitFor(() => expect(toggle).toBeChecked());
  });

  it('deletes only after DELETE is typed', async () => {
    const calls = stubApi({
      'GET /api/business/products': () => jsonResponse(page([product])),
      'DELETE /api/business/products/00000000-0000-4000-8000-000000000001': () =>
        jsonResponse({ success: true, message: 'Product deleted successfully' }),
    });
    renderTab();
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Patrol licence' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete Product' });
    const confirm = within(dialog).getByRole('button', { name: 'Delete Product' });
    expect(confirm).toBeDisabled();
    await userEvent.type(within(dialog).getByLabelText('Type DELETE to confirm'), 'DELETE');
    await userEvent.click(confirm);
    await screen.findByText('Product deleted successfully');
    expect(calls.some((call) => call.method === 'DELETE')).toBe(true);
  });

  it('hides the actions a sales user may not take', async () => {
    signInAs(testUsers.sales);
    stubApi({ 'GET /api/business/products': () => jsonResponse(page([product])) });
    renderTab();
    await screen.findByText('Patrol licence');
    expect(screen.queryByRole('button', { name: 'Add Product' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete Patrol licence' })).not.toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Patrol licence active' })).toBeDisabled();
  });
});
