import { receiveEvents } from "~server/analytics/receive.server";
import { currentSession } from "~server/auth/session.server";
import { shop } from "~server/http/context.server";
import type { Route } from "./+types/api.events";

/** `POST /api/events`: the analytics client's batches, stamped with the signed-in user's id. */
export function action({ request, context }: Route.ActionArgs) {
  return receiveEvents(request, shop(context), { userId: currentSession(context)?.user.id });
}

export function loader({ request, context }: Route.LoaderArgs) {
  return receiveEvents(request, shop(context));
}
