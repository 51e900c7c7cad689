import { describe, expect, it } from 'vitest';
import { internalTargetPath, redirectLocation } from './route-redirects.js';

describe('redirectLocation', () => {
  it('carries the query to an internal target, before its fragment', () => {
    expect(redirectLocation('/pages/faq', 'ref=x')).toBe('/pages/faq?ref=x');
    expect(redirectLocation('/pages/faq', '?ref=x')).toBe('/pages/faq?ref=x');
    expect(redirectLocation('/pages/faq?lang=de', 'ref=x')).toBe('/pages/faq?lang=de&ref=x');
    expect(redirectLocation('/pages/faq#pay', 'ref=x')).toBe('/pages/faq?ref=x#pay');
    expect(redirectLocation('/pages/faq?a=1#pay', 'ref=x')).toBe('/pages/faq?a=1&ref=x#pay');
    expect(redirectLocation('/pages/faq', '')).toBe('/pages/faq');
  });

  it('never gives an external target the query', () => {
    expect(redirectLocation('https://partner.example/x', 'ref=x')).toBe(
      'https://partner.example/x',
    );
  });
});

describe('internalTargetPath', () => {
  it('is the path of an internal target and null for an external one', () => {
    expect(internalTargetPath('/a?b=1#c')).toBe('/a');
    expect(internalTargetPath('/a')).toBe('/a');
    expect(internalTargetPath('https://partner.example/a')).toBeNull();
  });
});
