import { useEffect } from "react";
import { track } from "../analytics/track";
import { useCart } from "../cart/cart-context";

/**
 * On the first view of a confirmed order: empties the cart and records the purchase (and the
 * membership, if any). A reload finds the cart empty already and records nothing twice.
 */
export function useOrderConfirmed(
  order: { id: string; totalCents: number; memberships: string } | null,
) {
  const { itemCount, clear } = useCart();
  const id = order?.id;
  const totalCents = order?.totalCents ?? 0;
  const memberships = order?.memberships ?? "";
  useEffect(() => {
    if (!id || itemCount === 0) return;
    clear();
    track({ name: "purchase", label: id, value: totalCents });
    if (memberships) track({ name: "membership_created", label: memberships });
  }, [id, itemCount, clear, totalCents, memberships]);
}
