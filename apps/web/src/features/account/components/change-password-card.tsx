/** Placeholder while this card is being built. */
export function ChangePasswordCard() {
  return null;
}
