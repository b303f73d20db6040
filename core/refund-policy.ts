/**
 * The shop's refund policy as customers read it, in the FAQ and on the packing slip in the box:
 * a return is requested, the shop pays its shipping, then the refund is issued.
 */
export function refundPolicy(supportEmail: string): string {
  return (
    "Request a return and we pay the shipping; once the bottles are back, we issue your " +
    `refund. Write to us at ${supportEmail}.`
  );
}
