/**
 * The part of the request pipeline that works on React Router's Request and Response, run for
 * every page, data request, action and resource route (the root route's `middleware`). What
 * comes before it, on the Node request, is in app.server.ts.
 */
import type { MiddlewareFunction } from "react-router";
import { sessionMiddleware } from "../auth/session.server";
import { shop } from "../http/context.server";
import { isAnonymousPageRequest } from "../http/page-cache.server";
import { policyFor } from "../http/security.server";
import { metricsContext } from "../metrics/metrics.server";
import { promoCodeLookupLimit } from "../promotions/visit.server";

/** A header set on a response, copying the response first when its headers are frozen. */
export function withHeader(response: Response, name: string, value: string): Response {
  try {
    response.headers.set(name, value);
    return response;
  } catch {
    const copy = new Response(response.body, response);
    copy.headers.set(name, value);
    return copy;
  }
}

/** Anonymous page requests go through the instance's page cache. */
export const pageCacheMiddleware: MiddlewareFunction<Response> = ({ request, context }, next) => {
  const { pages } = shop(context);
  if (!pages || !isAnonymousPageRequest(request)) return next();
  return pages.serve(request, next);
};

/** Every response gets the Content-Security-Policy of its kind: a page's names its nonce. */
export const contentSecurityPolicy: MiddlewareFunction<Response> = async ({ context }, next) => {
  const services = shop(context);
  const response = await next();
  const contentType = response.headers.get("content-type");
  const policy = policyFor(contentType, services.cspNonce, services.security);
  return withHeader(response, "Content-Security-Policy", policy);
};

const hasNullByte = (text: string) => text.includes("\0");

/** Why a posted body cannot be read as its type says, or null when it can. */
async function unreadableBody(request: Request): Promise<string | null> {
  const type = request.headers.get("content-type") ?? "";
  if (type.startsWith("application/json")) {
    try {
      JSON.parse(await request.text(), (key, value) => {
        if (hasNullByte(key) || (typeof value === "string" && hasNullByte(value))) {
          throw new SyntaxError("null byte");
        }
        return value;
      });
      return null;
    } catch {
      return "The body is not JSON without null bytes";
    }
  }
  try {
    const form = await request.formData();
    for (const [name, value] of form) {
      if (hasNullByte(name) || (typeof value === "string" && hasNullByte(value))) {
        return "The form carries a null byte";
      }
    }
    return null;
  } catch {
    return "The form could not be read";
  }
}

/**
 * 400 for a posted body that does not parse as the type it declares (the pipeline already let
 * through only the types its route reads), or that carries a null byte, which no field may hold
 * and PostgreSQL refuses. Actions read their own copy of the body.
 */
export const wellFormedBody: MiddlewareFunction<Response> = async ({ request }, next) => {
  if (request.method !== "POST") return next();
  const problem = await unreadableBody(request.clone());
  if (problem === null) return next();
  return new Response(problem, {
    status: 400,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });
};

/** Every answer's time, by method, route pattern and status, for `/metrics`. */
export const requestMetrics: MiddlewareFunction<Response> = async (
  { request, context, pattern },
  next,
) => {
  const started = performance.now();
  const response = await next();
  context.get(metricsContext).requestDuration.observe(
    {
      method: request.method,
      route: `/${pattern.replace(/^\//, "")}`,
      status: String(response.status),
    },
    (performance.now() - started) / 1000,
  );
  return response;
};

/** Seconds a client is asked to wait while the database does not answer. */
const outageRetrySeconds = 5;

/**
 * A failure while the database does not answer is an outage, not a fault of the request: 503
 * with Retry-After, so that clients and balancers try again. The error page stays the same.
 */
export const databaseOutage: MiddlewareFunction<Response> = async ({ context }, next) => {
  const response = await next();
  if (response.status < 500 || response.status === 503) return response;
  if ((await shop(context).readiness()).ready) return response;
  const headers = new Headers(response.headers);
  headers.set("Retry-After", String(outageRetrySeconds));
  return new Response(response.body, { status: 503, headers });
};

/**
 * In order: the timing, the outage answer, a shared copy for an anonymous page, the policy, a readable body, the
 * session, the limit on looking up linked promotion codes.
 */
export const requestMiddleware: MiddlewareFunction<Response>[] = [
  requestMetrics,
  databaseOutage,
  pageCacheMiddleware,
  contentSecurityPolicy,
  wellFormedBody,
  sessionMiddleware,
  promoCodeLookupLimit,
];
