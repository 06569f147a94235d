import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { MyInvoisCodeField } from '@/components/myinvois-code-field';

function Picker({ initial = '' }: { initial?: string }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <label htmlFor="msic">MSIC code</label>
      <MyInvoisCodeField id="msic" table="msic" value={value} onChange={setValue} />
      <output>{value || 'none'}</output>
    </>
  );
}

describe('Combobox over a MyInvois table', () => {
  it('filters by words of the description and picks with the keyboard', async () => {
    render(<Picker />);
    const input = screen.getByRole('combobox', { name: 'MSIC code' });
    await userEvent.type(input, 'computer programming');
    expect(
      screen.getByRole('option', { name: '62010 · Computer programming activities' }),
    ).toBeInTheDocument();
    await userEvent.keyboard('{ArrowDown}{ArrowUp}{Enter}');
    expect(screen.getByText('62010')).toBeInTheDocument();
    expect(input).toHaveValue('62010 · Computer programming activities');
    expect(input).toHaveAttribute('aria-expanded', 'false');
  });

  it('finds a code by its digits, closes on Escape and clears when emptied', async () => {
    render(<Picker initial="62010" />);
    const input = screen.getByRole('combobox', { name: 'MSIC code' });
    await userEvent.clear(input);
    expect(screen.getByText('none')).toBeInTheDocument();
    await userEvent.type(input, '8010');
    expect(
      screen.getByRole('option', { name: '80100 · Private security activities' }),
    ).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });

  it('says when nothing matches', async () => {
    render(<Picker />);
    await userEvent.type(screen.getByRole('combobox', { name: 'MSIC code' }), 'zzzz');
    expect(screen.getByText('No match')).toBeInTheDocument();
  });
});
