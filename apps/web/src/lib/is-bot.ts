/** Crawlers get no error page (spec section 2). */
export const isBot = (userAgent: string = navigator.userAgent) =>
  /bot|crawl|spider|slurp/i.test(userAgent);
