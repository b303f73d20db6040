/**
 * What the shopper reads when a checkout cannot start. Apart from the request's rules
 * (`./checkout`), so that the cart can show them without loading those rules.
 */
import { maxQuantity } from "./cart";

export const checkoutMessages = {
  invalidRequest: "The checkout request could not be read. Please reload the page and try again.",
  priceNotAccepted: "Prices are set by the shop: send only item ids and quantities.",
  emptyCart: "Your cart is empty. Add an item before checking out.",
  unknownItem: (itemId: string) => `"${itemId}" is not an item we sell.`,
  invalidQuantity: `Each quantity must be a whole number from 1 to ${maxQuantity}.`,
  duplicateItem: "Each item may appear only once in the cart.",
  restaurantOnly: "These bottles are available to partner restaurants",
  emailNeeded: "Enter your email to use this code",
  /** 'Luxe, 375 ml: Only 2 left', 'Tasting Collection: Sold out'. */
  outOfStock: (itemName: string, shortage: string) => `${itemName}: ${shortage}`,
  /** The owner stopped selling an item since it was put in the cart. */
  notAvailable: (itemName: string) => `${itemName} is no longer available`,
  rateLimited: "Too many checkout attempts. Please wait a minute and try again.",
  providerError: "Something went wrong. Please try again",
} as const;
