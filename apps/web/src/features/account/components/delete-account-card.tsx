/** Placeholder while this card is being built. */
export function DeleteAccountCard() {
  return null;
}
