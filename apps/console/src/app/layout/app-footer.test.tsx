import { fallbackTagline } from '@patrol/contracts';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppFooter } from '@/app/layout/app-footer';
import { companySettingsUpdatedEvent } from '@/lib/company-settings-event';
import { footerTagline, footerTaglineColor } from '@/app/layout/footer-tagline';
import { AppProviders } from '@/app/providers';
import { createTestQueryClient, jsonResponse, signInAs, testUsers } from '@/test/test-utils';

describe('footerTagline', () => {
  it('uses the fixed fallback without settings', () => {
    expect(footerTagline(null)).toBe(fallbackTagline);
  });

  it('fills in the company name and registration number', () => {
    expect(
      footerTagline({
        tagline: '© {companyName} ({registrationNumber}) — {companyName}',
        companyName: 'Acme Sdn Bhd',
        registrationNumber: '202301000001',
      }),
    ).toBe('© Acme Sdn Bhd (202301000001) — Acme Sdn Bhd');
  });

  it('uses placeholder fallbacks for missing company details', () => {
    expect(
      footerTagline({
        tagline: 'Owned by {companyName} ({registrationNumber})',
        companyName: '  ',
      }),
    ).toBe('Owned by Your Company (Registration Number)');
  });

  it('keeps an empty configured tagline empty', () => {
    expect(footerTagline({ tagline: '' })).toBe('');
  });

  it('uses the configured colour or the default grey', () => {
    expect(footerTaglineColor({ taglineColor: '#2563EB' })).toBe('#2563EB');
    expect(footerTaglineColor({})).toBe('#6B7280');
    expect(footerTaglineColor(null)).toBe('#6B7280');
  });
});

describe('AppFooter', () => {
  const fetchMock = vi.fn<typeof fetch>();

  beforeEach(() => vi.stubGlobal('fetch', fetchMock));
  afterEach(() => {
    fetchMock.mockReset();
    vi.unstubAllGlobals();
  });

  function renderFooter() {
    render(
      <AppProviders queryClient={createTestQueryClient()}>
        <MemoryRouter>
          <AppFooter />
        </MemoryRouter>
      </AppProviders>,
    );
  }

  it('shows the fallback tagline without a token and makes no call', () => {
    renderFooter();
    expect(screen.getByText(fallbackTagline)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute(
      'href',
      '/privacy-policy',
    );
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows the configured tagline in its colour and reloads it when settings change', async () => {
    signInAs(testUsers.superadmin);
    const settings = (companyName: string) =>
      jsonResponse({
        success: true,
        settings: { tagline: 'Owned by {companyName}', taglineColor: '#059669', companyName },
      });
    fetchMock.mockResolvedValueOnce(settings('Acme')).mockResolvedValueOnce(settings('Beta Co'));
    renderFooter();

    const tagline = await screen.findByText('Owned by Acme');
    expect(tagline).toHaveStyle({ color: '#059669' });
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/settings');

    act(() => {
      window.dispatchEvent(new Event(companySettingsUpdatedEvent));
    });
    expect(await screen.findByText('Owned by Beta Co')).toBeInTheDocument();
  });

  it('falls back when settings fail to load', async () => {
    signInAs(testUsers.superadmin);
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    renderFooter();
    expect(await screen.findByText(fallbackTagline)).toBeInTheDocument();
  });

  it('opens the version dialog from the version label', async () => {
    renderFooter();
    await userEvent.click(screen.getByRole('button', { name: 'Version 8.2.0-ENHANCED' }));
    expect(screen.getByRole('dialog')).toHaveTextContent('Release Information');
  });
});
