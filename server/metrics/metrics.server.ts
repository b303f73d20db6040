/**
 * What `/metrics` reports, in Prometheus's text format: this instance's request durations by
 * route, its process figures, and the shop's business figures read from the database at each
 * scrape (the same on every instance, since they share the database).
 */
import { createHash, timingSafeEqual } from "node:crypto";
import { count } from "drizzle-orm";
import { collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";
import { createContext } from "react-router";
import type { Database } from "../db/client.server";
import { mailOutbox, memberships, orders, processedPaymentEvents } from "../db/schema.server";
import type { Logger } from "../logger.server";

export interface ShopMetrics {
  registry: Registry;
  /** Seconds from the request reaching React Router until its response started. */
  requestDuration: Histogram<"method" | "route" | "status">;
}

/** This instance's metrics, set on every request's context by the composition (server/main/). */
export const metricsContext = createContext<ShopMetrics>();

type CountedBy = { label: string | null; total: number };

/** A gauge per label value of one table's rows, read again at every scrape. */
function rowCounts(
  registry: Registry,
  options: { name: string; help: string; labelName: string; read: () => Promise<CountedBy[]> },
  log: Logger,
): void {
  new Gauge({
    name: options.name,
    help: options.help,
    labelNames: [options.labelName],
    registers: [registry],
    async collect() {
      try {
        const rows = await options.read();
        this.reset();
        for (const row of rows) this.set({ [options.labelName]: row.label ?? "" }, row.total);
      } catch (error) {
        // A scrape while the database is down still answers, without these figures.
        this.reset();
        log.warn({ err: error, metric: options.name }, "metric not read");
      }
    },
  });
}

export function createShopMetrics(db: Database, log: Logger): ShopMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: "shop_" });
  const requestDuration = new Histogram({
    name: "shop_http_request_duration_seconds",
    help: "Time from a request reaching React Router until its response started, by route.",
    labelNames: ["method", "route", "status"] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  rowCounts(
    registry,
    {
      name: "shop_orders",
      help: "Orders created, by kind (purchase or monthly renewal).",
      labelName: "kind",
      read: () =>
        db.select({ label: orders.kind, total: count() }).from(orders).groupBy(orders.kind),
    },
    log,
  );
  rowCounts(
    registry,
    {
      name: "shop_outbox_messages",
      help: "E-mails in the outbox, by status: pending is the depth, failed gave up.",
      labelName: "status",
      read: () =>
        db
          .select({ label: mailOutbox.status, total: count() })
          .from(mailOutbox)
          .groupBy(mailOutbox.status),
    },
    log,
  );
  rowCounts(
    registry,
    {
      name: "shop_payment_events",
      help: "Payment events handled, by type.",
      labelName: "type",
      read: () =>
        db
          .select({ label: processedPaymentEvents.type, total: count() })
          .from(processedPaymentEvents)
          .groupBy(processedPaymentEvents.type),
    },
    log,
  );
  rowCounts(
    registry,
    {
      name: "shop_memberships",
      help: "Memberships by status: past_due is a renewal that could not be charged.",
      labelName: "status",
      read: () =>
        db
          .select({ label: memberships.status, total: count() })
          .from(memberships)
          .groupBy(memberships.status),
    },
    log,
  );
  return { registry, requestDuration };
}

/** Whether `authorization` is `Bearer <token>`, compared in constant time. */
export function carriesToken(authorization: string | null, token: string): boolean {
  const expected = createHash("sha256").update(`Bearer ${token}`).digest();
  const received = createHash("sha256")
    .update(authorization ?? "")
    .digest();
  return timingSafeEqual(expected, received);
}

/** The scrape: 404 without a configured token (no one learns it exists), 401 without the token. */
export async function metricsResponse(
  request: Request,
  metrics: ShopMetrics,
  token: string | undefined,
): Promise<Response> {
  const headers = { "Cache-Control": "no-store" };
  if (!token) return new Response("Not found", { status: 404, headers });
  if (!carriesToken(request.headers.get("Authorization"), token)) {
    return new Response("A bearer token is required", {
      status: 401,
      headers: { ...headers, "WWW-Authenticate": 'Bearer realm="metrics"' },
    });
  }
  return new Response(await metrics.registry.metrics(), {
    headers: { ...headers, "Content-Type": metrics.registry.contentType },
  });
}
