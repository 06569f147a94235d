import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import {
  answerEveryCallNotFound,
  markSetupComplete,
  renderRoute,
  signInAs,
  testUsers,
} from '@/test/test-utils';

answerEveryCallNotFound();

describe('keyboard and landmarks', () => {
  it('starts the signed-in shell with a skip link that moves focus to the main content', async () => {
    signInAs(testUsers.superadmin);
    const user = userEvent.setup();
    renderRoute('/clients/edit/ACME01');
    await screen.findByRole('heading', { level: 1, name: 'Edit Client' });

    await user.tab();
    const skipLink = screen.getByRole('link', { name: 'Skip to main content' });
    expect(skipLink).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('main')).toHaveFocus();
    expect(screen.getByRole('main')).toHaveAttribute('id', 'main-content');
  });

  it('gives the sign-in page a main landmark and the email field the focus', async () => {
    renderRoute('/login');
    await screen.findByRole('heading', { level: 1, name: 'Welcome Back' });
    expect(screen.getByRole('main')).toHaveAttribute('id', 'main-content');
    await waitFor(() => expect(screen.getByLabelText('Email')).toHaveFocus());
  });

  it('gives the privacy policy a skip link and a main landmark', async () => {
    renderRoute('/privacy-policy');
    await screen.findByRole('heading', { level: 1, name: 'Privacy Policy' });
    expect(screen.getByRole('link', { name: 'Skip to main content' })).toBeInTheDocument();
    expect(screen.getByRole('main')).toHaveAttribute('id', 'main-content');
  });
});

describe('small things', () => {
  it("dates the privacy policy by its own last change, not by today's date", async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2031-03-04T09:00:00Z'));
    // The cached setup check must be fresh at the faked time too.
    markSetupComplete();
    renderRoute('/privacy-policy');
    expect(await screen.findByText('Last updated: November 22, 2026')).toBeInTheDocument();
  });

  it('opens a new page at its top', async () => {
    const scrollTo = vi.spyOn(window, 'scrollTo');
    signInAs(testUsers.superadmin);
    const router = renderRoute('/clients/edit/ACME01');
    await screen.findByRole('heading', { level: 1, name: 'Edit Client' });
    scrollTo.mockClear();

    await router.navigate('/privacy-policy');
    await screen.findByRole('heading', { level: 1, name: 'Privacy Policy' });
    expect(scrollTo).toHaveBeenCalledWith(0, 0);
  });
});
