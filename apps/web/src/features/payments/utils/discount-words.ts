import type { DiscountCovers, DiscountKind } from '@amora/shared/schemas/discounts';

/** What the banner says a code lowers (issue 42: a console code may cover credits too). */
const COVERS_TEXT = {
  both: 'discounts.applied',
  premium: 'discounts.premium_only',
  credits: 'discounts.credits_only',
} as const satisfies Record<DiscountCovers, string>;

/**
 * The i18n keys of a discount banner: its title names the kind of code, its note the
 * products the code lowers, so neither promises what the prices do not show.
 */
export const discountWords = (discount: { kind: DiscountKind; covers: DiscountCovers }) => ({
  title: `discounts.title_${discount.kind}` as const,
  covers: COVERS_TEXT[discount.covers],
});
