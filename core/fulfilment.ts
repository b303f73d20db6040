/**
 * How an order moves from paid to in the customer's hands: the steps staff take, which
 * fulfilment status each one leads to and follows, and where a carrier's tracking page is.
 */
import { type FulfilmentStatus, fulfilmentStatusLabels, type OrderStatuses } from "./order-status";

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

/**
 * The steps staff take, each named by the fulfilment status it leads to, with the statuses it
 * follows and the orders it is for (shipped, picked up, or both).
 */
export const fulfilmentSteps = {
  processing: { label: "Mark as processing", from: ["unfulfilled"], delivery: "any" },
  shipped: { label: "Mark as shipped", from: ["unfulfilled", "processing"], delivery: "ship" },
  delivered: { label: "Mark as delivered", from: ["shipped"], delivery: "ship" },
  ready_for_pickup: {
    label: fulfilmentStatusLabels.ready_for_pickup,
    from: ["unfulfilled", "processing"],
    delivery: "pickup",
  },
  picked_up: {
    label: fulfilmentStatusLabels.picked_up,
    from: ["ready_for_pickup"],
    delivery: "pickup",
  },
} as const satisfies {
  [Status in FulfilmentStatus]?: {
    label: string;
    from: readonly FulfilmentStatus[];
    delivery: "any" | "ship" | "pickup";
  };
};

export type FulfilmentStep = keyof typeof fulfilmentSteps;

export function isFulfilmentStep(value: unknown): value is FulfilmentStep {
  return typeof value === "string" && Object.hasOwn(fulfilmentSteps, value);
}

/** What the fulfilment rules read of an order. */
export interface FulfilmentFacts extends OrderStatuses {
  hasLocalPickup: boolean;
}

/**
 * Whether `step` may be taken now for an order, shipped or picked up. A partial refund changes
 * nothing of where the goods stand; an order refunded in full takes no more steps.
 */
export function canTakeStep(step: FulfilmentStep, order: FulfilmentFacts): boolean {
  const rule = fulfilmentSteps[step];
  const delivery = order.hasLocalPickup ? "pickup" : "ship";
  const from: readonly FulfilmentStatus[] = rule.from;
  return (
    order.paymentStatus !== "refunded" &&
    from.includes(order.fulfilmentStatus) &&
    (rule.delivery === "any" || rule.delivery === delivery)
  );
}

/** The steps the order page offers for an order, in the order they are usually taken. */
export function nextSteps(order: FulfilmentFacts): FulfilmentStep[] {
  return (Object.keys(fulfilmentSteps) as FulfilmentStep[]).filter((step) =>
    canTakeStep(step, order),
  );
}
