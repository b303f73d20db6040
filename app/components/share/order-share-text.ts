/**
 * What a shopper shares from the order confirmation page. The text changes with the number of
 * orders they have placed: the first, the second, and a regular's (three and on).
 */
export function orderShareText(orderCount: number, brandName: string): string {
  if (orderCount <= 1) {
    return `I just placed my first order of single-estate extra virgin olive oil from ${brandName}. Taste what's True!`;
  }
  if (orderCount === 2) {
    return `Back for more: my second order of ${brandName} olive oil is on its way. Taste what's True!`;
  }
  return `Order number ${Math.floor(orderCount)} from ${brandName}: once you taste olive oil this fresh, there's no going back.`;
}
