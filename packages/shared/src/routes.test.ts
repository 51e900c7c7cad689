import { describe, expect, it } from 'vitest';
import { APP_ROUTES, matchRoute } from './routes.js';

describe('the route table', () => {
  it('matches every route of the spec with its auth rule and layout', () => {
    const cases: [string, string, string, string][] = [
      ['/', 'index', 'optional', 'default'],
      ['/login', 'login', 'none', 'default'],
      ['/members', 'members', 'required', 'default'],
      ['/search', 'members', 'required', 'default'],
      ['/members/12', 'members-memberId', 'optional', 'default'],
      ['/likes/m/12', 'members-memberId', 'optional', 'default'],
      ['/members/12/chat', 'members-memberId-chat', 'none', 'chat'],
      ['/members/12/signup', 'members-memberId-signup', 'none', 'lander'],
      ['/members/12/landing2/spring', 'members-memberId-landing2', 'none', 'empty'],
      ['/chats/7', 'chats-chatId', 'required', 'chat'],
      ['/credits/repeat-order', 'credits-repeat-order', 'required', 'default'],
      ['/credits/3', 'credits-creditId', 'required', 'default'],
      ['/credits/3/ideal', 'credits-creditId', 'required', 'default'],
      ['/likes', 'likes', 'required', 'default'],
      ['/likes/received', 'likes-type', 'required', 'default'],
      ['/likes/given', 'likes-type', 'required', 'default'],
      ['/match-finder', 'match-finder', 'none', 'empty'],
      ['/signup-matches', 'signup-matches', 'required', 'empty'],
      ['/landers/transitionsvideolanding/x', 'landers-transitionsvideolanding', 'none', 'empty'],
      ['/landers/socialnetwork/x', 'landers-socialnetwork', 'none', 'lander'],
      ['/pages/return-policy', 'pages-return-policy', 'none', 'default'],
      ['/account-deleted', 'account-deleted', 'optional', 'default'],
    ];
    for (const [path, name, auth, layout] of cases) {
      const match = matchRoute(path);
      expect(match?.route, path).toMatchObject({ name, auth, layout });
    }
  });

  it('gives route parameters', () => {
    expect(matchRoute('/credits/3/ideal')?.params).toEqual({
      creditId: '3',
      paymentMethod: 'ideal',
    });
    expect(matchRoute('/credits/3')?.params).toEqual({ creditId: '3' });
    expect(matchRoute('/landers/video/summer-sun')?.params).toEqual({ slug: 'summer-sun' });
  });

  it('fails validity checks and unknown paths as not found', () => {
    for (const path of [
      '/members/abc',
      '/chats/x1',
      '/nowhere',
      '/pages/other',
      '/members/1/2',
      '/landers/video',
      // The likes page has two tabs, no others.
      '/likes/xyz',
      '/likes/m',
    ]) {
      expect(matchRoute(path), path).toBeNull();
    }
  });

  it('has unique names, and /_dev is a demo-only screen (it opens the developer panel)', () => {
    const names = APP_ROUTES.map((r) => r.name);
    expect(new Set(names).size).toBe(names.length);
    expect(matchRoute('/_dev')?.route).toMatchObject({ name: 'dev', demoOnly: true });
    expect(matchRoute('/_dev')?.route.redirectTo).toBeUndefined();
  });
});
