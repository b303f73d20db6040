/**
 * How an order moves from paid to in the customer's hands: the steps staff take, which status
 * each one allows, and where a carrier's tracking page is.
 */
import type { OrderStatus } from "./order-status";

export const carriers = ["USPS", "UPS", "FedEx", "DHL", "Other"] as const;
export type Carrier = (typeof carriers)[number];

export function isCarrier(value: unknown): value is Carrier {
  return (carriers as readonly unknown[]).includes(value);
}

const carrierTrackingPages: Record<Exclude<Carrier, "Other">, string> = {
  USPS: "https://tools.usps.com/go/TrackConfirmAction?tLabels=",
  UPS: "https://www.ups.com/track?tracknum=",
  FedEx: "https://www.fedex.com/fedextrack/?trknbr=",
  DHL: "https://www.dhl.com/us-en/home/tracking/tracking-express.html?submit=1&tracking-id=",
};

/** Letters, digits, spaces and dashes, as carriers print them. */
const trackingNumberPattern = /^[A-Za-z0-9][A-Za-z0-9 -]{3,38}[A-Za-z0-9]$/;

export const fulfilmentMessages = {
  trackingNumber: "Please enter the tracking number (letters and digits)",
  trackingUrl: "Please enter the carrier's tracking address, starting with https://",
  carrier: "Please choose the carrier",
} as const;

export interface Shipment {
  carrier: Carrier;
  trackingNumber: string;
  trackingUrl: string;
}

export type ShipmentResult =
  | { ok: true; shipment: Shipment }
  | {
      ok: false;
      fieldErrors: Partial<Record<"carrier" | "trackingNumber" | "trackingUrl", string>>;
    };

/**
 * The shipment a 'Mark as shipped' form describes: the tracking address is the carrier's page
 * for the number, or the address typed for another carrier.
 */
export function parseShipment(fields: {
  carrier: unknown;
  trackingNumber: unknown;
  trackingUrl?: unknown;
}): ShipmentResult {
  const carrier = fields.carrier;
  const trackingNumber =
    typeof fields.trackingNumber === "string" ? fields.trackingNumber.trim() : "";
  if (!isCarrier(carrier))
    return { ok: false, fieldErrors: { carrier: fulfilmentMessages.carrier } };
  if (!trackingNumberPattern.test(trackingNumber)) {
    return { ok: false, fieldErrors: { trackingNumber: fulfilmentMessages.trackingNumber } };
  }
  if (carrier !== "Other") {
    const trackingUrl = `${carrierTrackingPages[carrier]}${encodeURIComponent(trackingNumber)}`;
    return { ok: true, shipment: { carrier, trackingNumber, trackingUrl } };
  }
  const typed = typeof fields.trackingUrl === "string" ? fields.trackingUrl.trim() : "";
  if (!URL.canParse(typed) || new URL(typed).protocol !== "https:") {
    return { ok: false, fieldErrors: { trackingUrl: fulfilmentMessages.trackingUrl } };
  }
  return {
    ok: true,
    shipment: { carrier, trackingNumber, trackingUrl: new URL(typed).toString() },
  };
}

export const fulfilmentSteps = {
  processing: { label: "Mark as processing", from: ["new"], to: "processing", delivery: "any" },
  shipped: {
    label: "Mark as shipped",
    from: ["new", "processing"],
    to: "shipped",
    delivery: "ship",
  },
  delivered: { label: "Mark as delivered", from: ["shipped"], to: "delivered", delivery: "ship" },
  readyForPickup: {
    label: "Ready for pickup",
    from: ["new", "processing"],
    to: "ready_for_pickup",
    delivery: "pickup",
  },
  pickedUp: { label: "Picked up", from: ["ready_for_pickup"], to: "picked_up", delivery: "pickup" },
} as const satisfies Record<
  string,
  {
    label: string;
    from: readonly OrderStatus[];
    to: OrderStatus;
    delivery: "any" | "ship" | "pickup";
  }
>;

export type FulfilmentStep = keyof typeof fulfilmentSteps;

export function isFulfilmentStep(value: unknown): value is FulfilmentStep {
  return typeof value === "string" && Object.hasOwn(fulfilmentSteps, value);
}

/** What the fulfilment rules read of an order. */
export interface FulfilmentFacts {
  status: OrderStatus;
  hasLocalPickup: boolean;
  carrier: string | null;
  deliveredAt: Date | null;
}

/**
 * Where the parcel stands. That is the status, except after a partial refund, whose status
 * names the money: then the order's own facts tell whether it was delivered or shipped.
 */
export function fulfilmentStage(order: FulfilmentFacts): OrderStatus {
  if (order.status !== "partially_refunded") return order.status;
  if (order.deliveredAt) return order.hasLocalPickup ? "picked_up" : "delivered";
  return order.carrier ? "shipped" : "processing";
}

/** Whether `step` may be taken now for an order, shipped or picked up. */
export function canTakeStep(step: FulfilmentStep, order: FulfilmentFacts): boolean {
  const rule = fulfilmentSteps[step];
  const delivery = order.hasLocalPickup ? "pickup" : "ship";
  const from: readonly OrderStatus[] = rule.from;
  return (
    from.includes(fulfilmentStage(order)) && (rule.delivery === "any" || rule.delivery === delivery)
  );
}

/** The steps the order page offers for an order, in the order they are usually taken. */
export function nextSteps(order: FulfilmentFacts): FulfilmentStep[] {
  return (Object.keys(fulfilmentSteps) as FulfilmentStep[]).filter((step) =>
    canTakeStep(step, order),
  );
}
