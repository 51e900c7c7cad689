/**
 * Whether a member's name reads like a link or an address: it contains `://`, `www.`, `@`,
 * or a dot followed by two letters ("win.cash", "spam.com"). Anyone can type a stranger's
 * address and a name into the signup (or reset, or service) form, and our mail to that
 * address opens with the name: such a name is left out of the greeting, so these forms
 * cannot carry an advert to a stranger's inbox under our name.
 *
 * Compatibility forms are folded first (NFKC), so a full-width `ｗｗｗ．` or `＠` counts too.
 */
export function nameLooksLikeLink(name: string): boolean {
  return /:\/\/|www\.|@|\.\p{L}{2}/iu.test(name.normalize('NFKC'));
}
