/**
 * The shop's own analytics: events are queued in the browser and sent in batches to
 * `/api/events`. No third-party tracker is involved.
 */
import {
  type AnalyticsEventName,
  analyticsEvents,
  analyticsLimits,
  type EventCategory,
} from "~core/analytics";

export interface AnalyticsEvent {
  /** What happened: one of the shop's events, whose category the table gives. */
  name: AnalyticsEventName;
  label?: string;
  value?: number;
}

interface QueuedEvent extends AnalyticsEvent {
  category: EventCategory;
  path: string;
}

const endpoint = "/api/events";
const flushDelayMs = 2000;
const visitorKey = "analytics.visitor";

const queue: QueuedEvent[] = [];
let timer: ReturnType<typeof setTimeout> | undefined;

/** A random id kept in this browser, so that a visit's events can be told apart from others. */
function visitorId(): string | undefined {
  try {
    let id = localStorage.getItem(visitorKey);
    if (!id) {
      id = crypto.randomUUID();
      localStorage.setItem(visitorKey, id);
    }
    return id;
  } catch {
    // Storage or randomUUID unavailable (private mode, insecure context): send events anonymously.
    return undefined;
  }
}

function send(events: QueuedEvent[]) {
  const body = JSON.stringify({ visitorId: visitorId(), events });
  const sent = navigator.sendBeacon?.(endpoint, new Blob([body], { type: "application/json" }));
  if (!sent) {
    fetch(endpoint, {
      method: "POST",
      body,
      keepalive: true,
      headers: { "Content-Type": "application/json" },
    }).catch(() => {});
  }
}

function flush() {
  clearTimeout(timer);
  timer = undefined;
  while (queue.length > 0) send(queue.splice(0, analyticsLimits.eventsPerBatch));
}

/** Fits an event within what the endpoint accepts. */
function normalize(event: AnalyticsEvent): QueuedEvent {
  const rounded = Math.round(event.value ?? Number.NaN);
  const value = Math.abs(rounded) <= analyticsLimits.valueMagnitude ? rounded : undefined;
  return {
    category: analyticsEvents[event.name],
    name: event.name,
    label: event.label?.slice(0, analyticsLimits.labelLength),
    value,
    path: window.location.pathname.slice(0, analyticsLimits.pathLength),
  };
}

/** Whether the browser asks not to be tracked (Global Privacy Control or Do Not Track). */
function asksNotToBeTracked(): boolean {
  const privacy = navigator as Navigator & { globalPrivacyControl?: boolean };
  return privacy.globalPrivacyControl === true || navigator.doNotTrack === "1";
}

/** Records an event; never throws and never delays the shopper. Nothing is sent for a browser that asks not to be tracked. */
export function track(event: AnalyticsEvent): void {
  if (typeof window === "undefined" || asksNotToBeTracked()) return;
  queue.push(normalize(event));
  if (queue.length >= analyticsLimits.eventsPerBatch) flush();
  else timer ??= setTimeout(flush, flushDelayMs);
}

if (typeof window !== "undefined") {
  // Leaving or hiding the page is the last reliable moment to send what is queued.
  window.addEventListener("pagehide", flush);
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "hidden") flush();
  });
}
