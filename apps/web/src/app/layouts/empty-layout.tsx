import { Outlet } from 'react-router';

/** No navigation at all: full-screen flows and campaign variants. */
export function EmptyLayout() {
  return (
    <main id="main" tabIndex={-1}>
      <Outlet />
    </main>
  );
}
