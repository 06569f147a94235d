import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { CardPager } from '@/components/card-pager';

describe('CardPager', () => {
  it.each([
    ['pages not known yet', undefined],
    ['a single page', { currentPage: 1, totalPages: 1 }],
  ])('renders nothing for %s', (_, pagination) => {
    const { container } = render(
      <CardPager pagination={pagination} label="Clients pages" onPageChange={vi.fn()} />,
    );
    expect(container).toBeEmptyDOMElement();
  });

  it('says which page of how many and moves to the chosen one', async () => {
    const onPageChange = vi.fn();
    render(
      <CardPager
        pagination={{ currentPage: 2, totalPages: 7 }}
        label="Clients pages"
        onPageChange={onPageChange}
      />,
    );

    expect(screen.getByText('Page 2 of 7')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(onPageChange).toHaveBeenCalledWith(3);
    expect(screen.getByRole('navigation', { name: 'Clients pages' })).toBeInTheDocument();
  });

  it('says "more than" when the server stopped counting', () => {
    render(
      <CardPager
        pagination={{ currentPage: 1, totalPages: 50, totalCountCapped: true }}
        label="Invoices pages"
        onPageChange={vi.fn()}
      />,
    );

    expect(screen.getByText('Page 1 of more than 50')).toBeInTheDocument();
  });
});
