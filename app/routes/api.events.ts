import { receiveEvents } from "~server/analytics/receive";
import { shop } from "~server/http/context";
import type { Route } from "./+types/api.events";

/** `POST /api/events`: the analytics client's batches. */
export function action({ request, context }: Route.ActionArgs) {
  return receiveEvents(request, shop(context));
}

export function loader({ request, context }: Route.LoaderArgs) {
  return receiveEvents(request, shop(context));
}
