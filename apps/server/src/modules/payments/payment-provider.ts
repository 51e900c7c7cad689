/**
 * A payment provider: where the member pays for an order. The provider reports the
 * outcome to `completeOrder` (the built-in demo provider from its own page; a real one
 * from its webhook) and sends the browser back to `/transactions/{id}`.
 */
export interface PaymentProvider {
  name: string;
  /** The page the browser goes to for paying this order. */
  checkoutUrl(orderId: string): string;
}

/**
 * The built-in provider for development and demonstration: a page of this server that
 * says plainly that no money is charged and lets the member pay or cancel.
 */
export const demoPaymentProvider: PaymentProvider = {
  name: 'demo',
  checkoutUrl: (orderId) => `/_pay/demo/${orderId}`,
};

/** The provider PAYMENT_PROVIDER names, or null when nothing can be bought. */
export const paymentProviderFor = (name: 'demo' | 'none'): PaymentProvider | null =>
  name === 'demo' ? demoPaymentProvider : null;
