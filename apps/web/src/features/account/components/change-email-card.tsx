/** Placeholder while this card is being built. */
export function ChangeEmailCard() {
  return null;
}
