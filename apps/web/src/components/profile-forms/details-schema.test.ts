import { NAME_EQUAL_TO_EMAIL } from '@amora/shared/rules/member-name';
import { describe, expect, it } from 'vitest';
import { detailsSchema } from './details-schema';

const thirtyYearsAgo = String(new Date().getFullYear() - 30);
const valid = {
  gender: 'female',
  date_of_birth: { day: '14', month: '3', year: thirtyYearsAgo },
  fields: { eye_color: '' },
};

/** Each failing field with its message, as the form shows them. */
const problems = (email: string | undefined, values: object) => {
  const parsed = detailsSchema(email).safeParse(values);
  return parsed.success
    ? {}
    : Object.fromEntries(parsed.error.issues.map((i) => [i.path.join('.'), i.message]));
};

describe('the details form schema', () => {
  it('answers the values to save, the date as ISO', () => {
    expect(detailsSchema(undefined).parse(valid)).toEqual({
      gender: 'female',
      date_of_birth: `${thirtyYearsAgo}-03-14`,
      fields: { eye_color: '' },
    });
  });

  it('refuses a name equal to the e-mail address by the shared rule, with the other mistakes', () => {
    expect(
      problems('robin@example.com', { ...valid, gender: '', name: ' Robin@Example.com ' }),
    ).toEqual({ name: NAME_EQUAL_TO_EMAIL, gender: 'validation.required' });
    expect(problems('robin@example.com', { ...valid, name: '@robin' })).toEqual({
      name: 'signup.name_starts_with_at',
    });
    expect(detailsSchema('robin@example.com').parse({ ...valid, name: ' Robin ' }).name).toBe(
      'Robin',
    );
  });

  it('refuses a missing or too recent date of birth and unknown field answers', () => {
    expect(
      problems(undefined, {
        ...valid,
        date_of_birth: { day: '', month: '3', year: thirtyYearsAgo },
        fields: { eye_color: 'violet' },
      }),
    ).toMatchObject({ date_of_birth: 'profile.date_of_birth_error' });
    expect(Object.keys(problems(undefined, { ...valid, fields: { eye_color: 'violet' } }))).toEqual(
      ['fields.eye_color'],
    );
  });
});
