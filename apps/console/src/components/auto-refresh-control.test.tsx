import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { AutoRefreshControl } from '@/components/auto-refresh-control';

describe('AutoRefreshControl', () => {
  it('is a switch named Auto-refresh with its fixed interval in words', async () => {
    const onChange = vi.fn();
    render(<AutoRefreshControl on onChange={onChange} interval="every 30 s" />);
    const toggle = screen.getByRole('switch', { name: 'Auto-refresh' });
    expect(toggle).toBeChecked();
    expect(screen.getByText('every 30 s')).toBeInTheDocument();
    await userEvent.click(toggle);
    expect(onChange).toHaveBeenCalledWith(false);
  });

  it('offers a choice of intervals, usable only while it is on', async () => {
    const onMinutesChange = vi.fn();
    const { rerender } = render(
      <AutoRefreshControl
        on={false}
        onChange={() => {}}
        choices={[1, 5]}
        minutes={1}
        onMinutesChange={onMinutesChange}
      />,
    );
    expect(screen.getByRole('switch', { name: 'Auto-refresh' })).not.toBeChecked();
    expect(screen.getByRole('combobox', { name: 'Auto-refresh interval' })).toBeDisabled();
    rerender(
      <AutoRefreshControl
        on
        onChange={() => {}}
        choices={[1, 5]}
        minutes={1}
        onMinutesChange={onMinutesChange}
      />,
    );
    await userEvent.selectOptions(
      screen.getByRole('combobox', { name: 'Auto-refresh interval' }),
      'every 5 min',
    );
    expect(onMinutesChange).toHaveBeenCalledWith(5);
  });
});
