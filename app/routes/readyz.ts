import { shop } from "~server/http/context.server";
import type { Route } from "./+types/readyz";

/** Readiness: the database answers and the instance is not shutting down. */
export async function loader({ context }: Route.LoaderArgs) {
  const readiness = await shop(context).readiness();
  const headers = { "Cache-Control": "no-store" };
  if (readiness.ready) {
    return Response.json({ status: "ready", database: readiness.database }, { headers });
  }
  return Response.json({ status: readiness.reason }, { status: 503, headers });
}
