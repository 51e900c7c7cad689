/**
 * A member's name is shown to everyone, so it must not be their e-mail address (spec
 * section 3): signup, the signup details step, the profile page and `PUT /api/user.php`
 * all apply this one rule.
 */
export function nameIsEmail(name: string, email: string): boolean {
  return name.trim().toLowerCase() === email.trim().toLowerCase();
}

/** The field error (an i18n key) a name equal to the e-mail address gets. */
export const NAME_EQUAL_TO_EMAIL = 'signup.name_equal_to_email';
