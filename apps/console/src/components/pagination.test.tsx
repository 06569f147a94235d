import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Pagination, pageItems } from '@/components/pagination';

describe('pageItems', () => {
  it.each([
    [1, 0, []],
    [1, 1, []],
    [1, 2, [1, 2]],
    [1, 5, [1, 2, 'ellipsis-end', 5]],
    [3, 5, [1, 2, 3, 4, 5]],
    [5, 10, [1, 'ellipsis-start', 4, 5, 6, 'ellipsis-end', 10]],
    [10, 10, [1, 'ellipsis-start', 9, 10]],
    [4, 10, [1, 2, 3, 4, 5, 'ellipsis-end', 10]],
  ])('page %i of %i shows %j', (current, total, expected) => {
    expect(pageItems(current, total)).toEqual(expected);
  });
});

describe('Pagination', () => {
  it('renders nothing for a single page', () => {
    const { container } = render(
      <Pagination currentPage={1} totalPages={1} onPageChange={vi.fn()} label="Clients pages" />,
    );
    expect(container).toBeEmptyDOMElement();
  });

  it('marks the current page and moves to the chosen one', async () => {
    const onPageChange = vi.fn();
    render(
      <Pagination
        currentPage={5}
        totalPages={10}
        onPageChange={onPageChange}
        label="Clients pages"
      />,
    );
    expect(screen.getByRole('button', { name: 'Page 5' })).toHaveAttribute('aria-current', 'page');
    await userEvent.click(screen.getByRole('button', { name: 'Page 10' }));
    await userEvent.click(screen.getByRole('button', { name: 'Previous page' }));
    expect(onPageChange.mock.calls).toEqual([[10], [4]]);
  });
});
