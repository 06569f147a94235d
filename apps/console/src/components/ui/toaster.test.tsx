import { act, render, screen, waitFor } from '@testing-library/react';
import { toast } from 'sonner';
import { describe, expect, it } from 'vitest';
import { Toaster } from '@/components/ui/toaster';

async function showToast(raise: () => void): Promise<HTMLElement> {
  render(<Toaster />);
  act(raise);
  await screen.findByRole('listitem');
  return document.querySelector<HTMLElement>('[data-sonner-toaster]')!;
}

describe('toaster', () => {
  it('shows toasts at the bottom right, clear of the page header buttons', async () => {
    const outlet = await showToast(() => toast.error('Failed to save'));
    expect(outlet).toHaveAttribute('data-y-position', 'bottom');
    expect(outlet).toHaveAttribute('data-x-position', 'right');
  });

  it('moves to the top centre while a dialog is open, clear of its footer buttons', async () => {
    const dialog = document.createElement('div');
    dialog.setAttribute('role', 'dialog');
    dialog.setAttribute('data-state', 'open');
    document.body.append(dialog);
    try {
      const outlet = await showToast(() => toast.error('Failed to save'));
      expect(outlet).toHaveAttribute('data-y-position', 'top');
      expect(outlet).toHaveAttribute('data-x-position', 'center');
      act(() => dialog.setAttribute('data-state', 'closed'));
      // sonner renders a list per position: the toast's list is now at the bottom right.
      await waitFor(() =>
        expect(document.querySelector('[data-sonner-toaster]')).toHaveAttribute(
          'data-y-position',
          'bottom',
        ),
      );
    } finally {
      dialog.remove();
    }
  });

  it('gives rich-colour toasts text dark enough for WCAG AA on their tint', async () => {
    const outlet = await showToast(() => toast.success('Saved'));
    expect(outlet.style.getPropertyValue('--success-text')).toBe('#166534');
    expect(outlet.style.getPropertyValue('--error-text')).toBe('#991b1b');
    expect(outlet.style.getPropertyValue('--warning-text')).toBe('#92400e');
  });
});
