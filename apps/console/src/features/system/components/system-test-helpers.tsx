import { act, screen, within } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, beforeEach, expect, vi } from 'vitest';
import { resetSystemBreakers } from '@/features/system/api/system-request';
import { SystemStatusPage } from '@/features/system/components/system-status-page';
import { renderScreen } from '@/test/fake-api';
import { latestSocket, sockets } from '@/test/fake-socket';
import { signInAs, testUsers } from '@/test/test-utils';

/**
 * What the system screen's test files share: fake timers, a signed-in superadmin, closed breakers,
 * laid-out chart containers, and ways to read the panels. Each file still mocks socket.io-client
 * itself (vi.mock is hoisted per file).
 */
export function setUpSystemScreenTests(): void {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    sockets.length = 0;
    resetSystemBreakers();
    signInAs(testUsers.superadmin);
    // jsdom lays nothing out: give the charts' containers a size, so recharts draws them.
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue({
      x: 0,
      y: 0,
      top: 0,
      left: 0,
      right: 240,
      bottom: 112,
      width: 240,
      height: 112,
      toJSON: () => ({}),
    });
    // Radix positions the tooltip with a ResizeObserver; jsdom has none.
    vi.stubGlobal(
      'ResizeObserver',
      class {
        observe() {}
        unobserve() {}
        disconnect() {}
      },
    );
  });

  afterEach(() => {
    toast.dismiss();
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });
}

/** Moves the clock on in half-second steps, letting React render what each timer set. */
export async function advance(ms: number) {
  for (let left = ms; left > 0; left -= 500) {
    await act(() => vi.advanceTimersByTimeAsync(Math.min(500, left)));
  }
}

/** The panel named `name` (a card with role group). */
export const panel = (name: string) => within(screen.getByRole('group', { name }));

/** The figure beside `label` in the named panel. */
export function figure(name: string, label: string): HTMLElement {
  const term = panel(name).getByText(label, { selector: 'dt' });
  return term.nextElementSibling as HTMLElement;
}

/** Opens the screen and waits until the three answers are shown. */
export async function openSystem() {
  renderScreen(<SystemStatusPage />, '/system-status');
  await screen.findByRole('img', { name: /Health score/ });
  await screen.findByRole('table', { name: 'API processes' });
  await screen.findByText('Most staff are at a computer (2 of 3); 1 administrator is online.');
}

/** Lets the fake socket connect, so server events reach the screen. */
export async function connectSocket() {
  await vi.waitFor(() => expect(sockets.length).toBeGreaterThan(0));
  act(() => latestSocket().fire('connect'));
}
