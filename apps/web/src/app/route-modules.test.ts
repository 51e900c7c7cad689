import { APP_ROUTES } from '@amora/shared/routes';
import { describe, expect, it } from 'vitest';
import { screenFor } from './route-modules';

describe('the screens of the route table', () => {
  it('has a screen for every route the app serves', () => {
    const missing = APP_ROUTES.filter((route) => {
      try {
        return typeof screenFor(route.name) !== 'function';
      } catch {
        return true;
      }
    }).map((route) => route.name);
    expect(missing).toEqual([]);
  });

  it('refuses a route it has no screen for instead of showing a stand-in', () => {
    expect(() => screenFor('members-memberId-unknown')).toThrow(/No screen for the route/);
  });
});
