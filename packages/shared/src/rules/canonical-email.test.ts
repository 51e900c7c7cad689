import { describe, expect, it } from 'vitest';
import { canonicalEmail } from './canonical-email.js';

describe('canonicalEmail', () => {
  it('lower-cases and drops a +tag at every domain', () => {
    expect(canonicalEmail(' Anna+Dating@Example.COM ')).toBe('anna@example.com');
    expect(canonicalEmail('anna+a+b@ziggo.nl')).toBe('anna@ziggo.nl');
    expect(canonicalEmail('anna@example.com')).toBe('anna@example.com');
  });

  it('drops the dots of the local part at gmail.com and googlemail.com, one mailbox', () => {
    expect(canonicalEmail('A.n.n.a+x@gmail.com')).toBe('anna@gmail.com');
    expect(canonicalEmail('an.na@googlemail.com')).toBe('anna@gmail.com');
  });

  it('keeps the dots at other domains, and the domain as written', () => {
    expect(canonicalEmail('an.na@example.com')).toBe('an.na@example.com');
    expect(canonicalEmail('an.na@mail.gmail.com.example')).toBe('an.na@mail.gmail.com.example');
  });

  it('keeps a local part that is only a tag', () => {
    expect(canonicalEmail('+tag@example.com')).toBe('+tag@example.com');
  });
});
