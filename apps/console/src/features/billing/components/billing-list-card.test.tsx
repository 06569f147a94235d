import type { Pagination } from '@patrol/contracts';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { BillingListCard, showingCaption } from './billing-list-card';

const capped: Pagination = {
  currentPage: 1,
  totalPages: 50,
  totalCount: 1000,
  limit: 20,
  hasNext: true,
  hasPrev: false,
  totalCountCapped: true,
};

function renderCard(pagination: Pagination, onPageChange = vi.fn()) {
  render(
    <BillingListCard
      title="Invoices"
      caption={showingCaption({ pagination }, 20, 'invoices')}
      search={{ label: 'Search', placeholder: 'Search', value: '', onChange: vi.fn() }}
      filters={null}
      state={{ loading: false, error: null, onRetry: vi.fn() }}
      loadingText="Loading invoices..."
      emptyText="No invoices"
      isEmpty={false}
      pagination={pagination}
      onPageChange={onPageChange}
    >
      <table />
    </BillingListCard>,
  );
  return onPageChange;
}

describe('BillingListCard', () => {
  it('says the spec caption and the pages when the total is exact', () => {
    renderCard({ ...capped, totalCountCapped: undefined, totalCount: 135, totalPages: 7 });
    expect(screen.getByText('Showing 20 of 135 invoices')).toBeInTheDocument();
    expect(screen.getByText('Page 1 of 7')).toBeInTheDocument();
  });

  it('says "more than" when the server stopped counting, and still pages on', async () => {
    const onPageChange = renderCard(capped);
    expect(screen.getByText('Showing 20 of more than 1000 invoices')).toBeInTheDocument();
    expect(screen.getByText('Page 1 of more than 50')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Page 50' }));
    expect(onPageChange).toHaveBeenCalledWith(50);
    await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(onPageChange).toHaveBeenCalledWith(2);
  });
});
