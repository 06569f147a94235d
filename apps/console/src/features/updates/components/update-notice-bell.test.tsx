import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  UpdateNoticesContext,
  type UpdateNoticesValue,
} from '@/features/updates/lib/update-notice-context';
import { UpdateNoticeBell } from './update-notice-bell';

function renderBell(unread: number) {
  // The bell reads only the count; the panel stays closed.
  const value = {
    unread,
    notices: [],
    markAllRead: () => undefined,
  } as unknown as UpdateNoticesValue;
  render(
    <UpdateNoticesContext.Provider value={value}>
      <UpdateNoticeBell />
    </UpdateNoticesContext.Provider>,
  );
  return screen.getByRole('button', { name: /^Notifications/ });
}

describe('UpdateNoticeBell', () => {
  it.each([
    [0, 'Notifications', ''],
    [3, 'Notifications, 3 unread', '3'],
    [12, 'Notifications, 12 unread', '12'],
    [140, 'Notifications, 99+ unread', '99+'],
  ])('with %i unread, its name holds the figure it shows', (unread, name, shown) => {
    const bell = renderBell(unread);
    expect(bell).toHaveAccessibleName(name);
    expect(bell).toHaveTextContent(shown);
    expect(name).toContain(shown);
  });
});
