import { Outlet, ScrollRestoration } from 'react-router-dom';

/**
 * Around every route: a new page opens at its top, and Back or Forward returns to where the
 * reader was on that page.
 */
export function RouteFrame() {
  return (
    <>
      <ScrollRestoration />
      <Outlet />
    </>
  );
}
