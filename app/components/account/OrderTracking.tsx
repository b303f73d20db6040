import { noTrackingYet } from "~core/order-status";

/** The carrier's tracking page of an order, or the words for an order not shipped yet. */
export function OrderTracking({ trackingUrl }: { trackingUrl: string | null }) {
  return trackingUrl ? (
    <a
      href={trackingUrl}
      target="_blank"
      rel="noopener noreferrer"
      className="inline-flex min-h-11 items-center font-semibold text-olive-800 underline underline-offset-4 hover:text-olive-950"
    >
      Track your package<span className="sr-only"> (opens in a new tab)</span>
    </a>
  ) : (
    <span className="text-ink/85">{noTrackingYet}</span>
  );
}
