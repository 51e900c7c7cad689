import { describe, expect, it } from 'vitest';
import { type MemberPrompt, nextMemberPrompt, type PromptState } from './member-prompts.js';

const nothingDone: PromptState = {
  pushOffered: true,
  hasPhoto: false,
  hasLocation: false,
  hasDetails: false,
  hasAbout: false,
};
const none = new Set<MemberPrompt>();

describe('nextMemberPrompt', () => {
  it('asks for push, photo, location, details and about-me in that order, one at a time', () => {
    const seen: (MemberPrompt | null)[] = [];
    let state = nothingDone;
    const steps: Partial<PromptState>[] = [
      { pushOffered: false },
      { hasPhoto: true },
      { hasLocation: true },
      { hasDetails: true },
      { hasAbout: true },
    ];
    seen.push(nextMemberPrompt(state, none));
    for (const step of steps) {
      state = { ...state, ...step };
      seen.push(nextMemberPrompt(state, none));
    }
    expect(seen).toEqual(['push', 'photo', 'location', 'details', 'about', null]);
  });

  it('skips what was dismissed and what needs no asking', () => {
    expect(nextMemberPrompt(nothingDone, new Set(['push', 'photo']))).toBe('location');
    expect(nextMemberPrompt({ ...nothingDone, pushOffered: false, hasPhoto: true }, none)).toBe(
      'location',
    );
    expect(
      nextMemberPrompt(nothingDone, new Set(['push', 'photo', 'location', 'details', 'about'])),
    ).toBeNull();
  });
});
