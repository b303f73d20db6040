import { analyticsLimits } from "~core/analytics";
import { asksNotToBeTracked } from "~core/insight";
import { readBodyText } from "../http/body.server";
import type { ShopContext } from "../http/context.server";
import { consumeRateLimit, type RateLimit, retryAfter } from "../http/rate-limit.server";
import { eventBatchSchema, storeEvents } from "./events.server";

/** A browser sends a batch every two seconds at most; this leaves room for a few behind one address. */
const eventRateLimit: RateLimit = { limit: 120, windowMs: 60_000 };

function answer(status: number, text?: string, headers: Record<string, string> = {}): Response {
  return new Response(text ?? null, {
    status,
    headers: {
      "Cache-Control": "no-store",
      "Content-Type": "text/plain; charset=utf-8",
      ...headers,
    },
  });
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function isTooManyEvents(issues: ReadonlyArray<{ code: string; path: PropertyKey[] }>): boolean {
  return issues.some(
    (issue) => issue.code === "too_big" && issue.path.length === 1 && issue.path[0] === "events",
  );
}

async function validatedStore(
  request: Request,
  services: Pick<ShopContext, "db" | "clientIp">,
  rule: RateLimit,
  userId: string | null,
): Promise<Response> {
  const limit = await consumeRateLimit(services.db, `events:${services.clientIp}`, rule);
  if (!limit.allowed) {
    return answer(429, "Too many events", { "Retry-After": retryAfter(limit.retryAfterSeconds) });
  }
  const text = await readBodyText(request, analyticsLimits.batchBytes);
  if (text === null) return answer(413, "The batch is too large");
  const batch = eventBatchSchema.safeParse(parseJson(text));
  if (!batch.success) {
    return isTooManyEvents(batch.error.issues)
      ? answer(413, "Too many events in one batch")
      : answer(400, "Malformed batch");
  }
  await storeEvents(services.db, batch.data, userId);
  return answer(204);
}

/**
 * `POST /api/events`: validates, rate-limits and stores a batch from the analytics client.
 * 204 when stored, and when the browser sends `Sec-GPC: 1` or `DNT: 1` (nothing is stored); 4xx for what a client got wrong; 503 (logged) when the database fails, so
 * nothing a shopper's browser sends can make it answer with a 500.
 */
export async function receiveEvents(
  request: Request,
  services: Pick<ShopContext, "db" | "log" | "clientIp">,
  { userId = null, rule = eventRateLimit }: { userId?: string | null; rule?: RateLimit } = {},
): Promise<Response> {
  if (request.method !== "POST") return answer(405, "Use POST", { Allow: "POST" });
  // A browser that asks not to be tracked is not counted, whatever its page sent.
  if (asksNotToBeTracked(request.headers)) return answer(204);
  try {
    return await validatedStore(request, services, rule, userId);
  } catch (error) {
    services.log.error({ err: error }, "analytics events could not be stored");
    return answer(503, "Events are not being recorded right now", { "Retry-After": "60" });
  }
}
