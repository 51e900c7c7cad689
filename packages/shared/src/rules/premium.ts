/**
 * A paid (premium) member: one whose premium runs past `now`. Paid members chat without
 * credits and see no partner tiles; `user.paid_user`, the credits answer and the partner
 * tiles all ask this one question.
 */
export function isPaidMember(
  paidUntil: Date | string | null | undefined,
  now: Date | number = Date.now(),
): boolean {
  if (paidUntil === null || paidUntil === undefined) return false;
  return new Date(paidUntil).getTime() > new Date(now).getTime();
}
