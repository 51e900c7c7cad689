import { TRACKING_COOKIE } from '@amora/shared/page-marks';
import { readTracking, type Tracking } from '@amora/shared/rules/tracking';
import { readValue, storeValue } from './storage';

const KEY = TRACKING_COOKIE;

/**
 * Stores tracking parameters of the landing URL with the visitor (spec section 4) and
 * removes them from the address bar, so they are neither shared nor bookmarked.
 */
export function captureTracking(location: Location = window.location) {
  const params = new URLSearchParams(location.search);
  const { tracking, consumed } = readTracking(params);
  if (consumed.length === 0) return;
  if (Object.keys(tracking).length > 0)
    storeValue(KEY, JSON.stringify(trackingAfter(params, storedTracking())));
  for (const name of consumed) params.delete(name);
  const query = params.toString();
  window.history.replaceState(
    window.history.state,
    '',
    `${location.pathname}${query ? `?${query}` : ''}${location.hash}`,
  );
}

export function storedTracking(): Tracking {
  try {
    return JSON.parse(readValue(KEY) ?? '{}') as Tracking;
  } catch {
    return {};
  }
}

/** A visitor's tracking once they arrived on an address: what it names over what was kept. */
export function trackingAfter(params: URLSearchParams, stored: Tracking): Tracking {
  return { ...stored, ...readTracking(params).tracking };
}
