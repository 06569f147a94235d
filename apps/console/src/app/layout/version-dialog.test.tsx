import { appInfo } from '@patrol/contracts';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { VersionDialog } from '@/app/layout/version-dialog';

function row(label: string) {
  return screen.getByText(label, { selector: 'dt' }).parentElement!;
}

describe('VersionDialog', () => {
  it('shows the product, release badge and every version and system row', () => {
    render(<VersionDialog open onOpenChange={() => {}} />);
    const dialog = screen.getByRole('dialog', { name: appInfo.productName });

    expect(within(dialog).getByText(appInfo.productTagline)).toBeInTheDocument();
    const badge = within(dialog).getByText('Professional Enterprise');
    expect(badge).toHaveAttribute('data-variant', 'default');

    expect(row('Version')).toHaveTextContent('8.2.0-ENHANCED');
    expect(row('Build')).toHaveTextContent('2025.06.19.001');
    expect(row('Released')).toHaveTextContent('June 19, 2025');
    expect(row('Commit')).toHaveTextContent(appInfo.commit);

    expect(within(dialog).getByText('Stable Enterprise Release')).toBeInTheDocument();
    expect(row('Environment')).toHaveTextContent('Test');
    expect(row('Build Date')).toHaveTextContent(String(new Date().getFullYear()));
    expect(row('Platform')).toHaveTextContent('Web Dashboard');
    expect(row('Type')).toHaveTextContent('React SPA');
    expect(within(dialog).getByText(/© 2025/)).toBeInTheDocument();
  });

  it('closes on Escape', async () => {
    let open = true;
    render(<VersionDialog open={open} onOpenChange={(next) => (open = next)} />);
    await userEvent.keyboard('{Escape}');
    expect(open).toBe(false);
  });
});
