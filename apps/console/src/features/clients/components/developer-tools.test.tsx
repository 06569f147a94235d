import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DeveloperTools } from '@/features/clients/components/developer-tools';
import { logger } from '@/lib/logger';
import { renderScreen, stubApi } from '@/test/fake-api';

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('DeveloperTools (development builds)', () => {
  it('writes the page state, the realtime status and the breakers to the console', async () => {
    stubApi({});
    const debug = vi.spyOn(logger, 'debug');
    renderScreen(<DeveloperTools state={{ filters: { page: 2 } }} />);
    await userEvent.click(screen.getByRole('button', { name: 'Debug' }));
    expect(debug).toHaveBeenCalledWith(
      'Client page state',
      expect.objectContaining({
        filters: { page: 2 },
        realtime: 'disconnected',
        breakers: expect.objectContaining({ healthy: expect.any(Number) }),
      }),
    );
    expect(
      await screen.findByText('Debug information written to the browser console'),
    ).toBeInTheDocument();
  });
});
