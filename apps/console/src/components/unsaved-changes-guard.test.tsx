import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, Link, RouterProvider } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { UnsavedChangesGuard } from './unsaved-changes-guard';

function renderGuarded(when: boolean) {
  const router = createMemoryRouter(
    [
      {
        path: '/settings',
        element: (
          <>
            <UnsavedChangesGuard when={when} />
            <Link to="/clients">Clients</Link>
          </>
        ),
      },
      { path: '/clients', element: <h1>Client Management</h1> },
    ],
    { initialEntries: ['/settings'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

const leaving = () => {
  const event = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(event);
  return event.defaultPrevented;
};

describe('UnsavedChangesGuard', () => {
  it('asks before leaving for another page with unsaved changes; Stay keeps the page', async () => {
    const router = renderGuarded(true);
    await userEvent.click(screen.getByRole('link', { name: 'Clients' }));
    expect(await screen.findByRole('alertdialog', { name: 'Leave without saving?' })).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Stay' }));
    expect(router.state.location.pathname).toBe('/settings');

    await userEvent.click(screen.getByRole('link', { name: 'Clients' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Leave Page' }));
    expect(await screen.findByRole('heading', { name: 'Client Management' })).toBeVisible();
  });

  it('asks the browser to confirm a reload or close only while there are changes', () => {
    renderGuarded(true);
    expect(leaving()).toBe(true);
  });

  it('lets the user go freely when nothing is unsaved', async () => {
    const router = renderGuarded(false);
    expect(leaving()).toBe(false);
    await userEvent.click(screen.getByRole('link', { name: 'Clients' }));
    expect(router.state.location.pathname).toBe('/clients');
  });
});
