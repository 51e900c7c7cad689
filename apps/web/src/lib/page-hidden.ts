import { apiHeaders } from './api-client';

/**
 * `POST /api/page-hidden.php` when the page is hidden: pushes are no longer held back for
 * what it showed. `keepalive` lets it finish as the tab goes away, and, unlike
 * `sendBeacon`, carries the app header (DESIGN).
 */
export function sendPageHidden(): void {
  void fetch('/api/page-hidden.php', {
    method: 'POST',
    keepalive: true,
    credentials: 'same-origin',
    headers: { ...apiHeaders(), 'content-type': 'application/json' },
    body: '{}',
  }).catch(() => {});
}
