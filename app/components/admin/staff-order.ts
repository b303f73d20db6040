import type { Carrier } from "~core/fulfilment";
import type { OrderStatuses } from "~core/order-status";

/** One order as the back office's order page shows it, to its work and its refunds alike. */
export interface StaffOrder extends OrderStatuses {
  id: string;
  kind: "purchase" | "renewal";
  firstName: string;
  lastName: string;
  email: string;
  userId: string | null;
  hasLocalPickup: boolean;
  shipTo: string | null;
  address: {
    line1: string;
    line2: string | null;
    city: string;
    state: string;
    postalCode: string;
  } | null;
  subtotalCents: number;
  shippingCents: number;
  discountCents: number;
  taxCents: number;
  totalCents: number;
  promotion: { codeName: string } | null;
  affiliate: string | null;
  checkoutSessionId: string;
  carrier: Carrier | null;
  trackingNumber: string | null;
  trackingUrl: string | null;
  refundedCents: number;
  deliveredAt: Date | null;
  createdAt: Date;
}
