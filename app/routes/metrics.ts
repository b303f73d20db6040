import { shop } from "~server/http/context.server";
import { metricsContext, metricsResponse } from "~server/metrics/metrics.server";
import type { Route } from "./+types/metrics";

/** `GET /metrics` for Prometheus, with `Authorization: Bearer <METRICS_TOKEN>`. */
export function loader({ request, context }: Route.LoaderArgs) {
  const { config } = shop(context);
  return metricsResponse(request, context.get(metricsContext), config.metricsToken);
}
