import { data } from "react-router";
import { BackOfficeError } from "~/components/admin/BackOfficeError";
import { InfluencersAdmin } from "~/components/admin/InfluencersAdmin";
import { ownerGate } from "~server/admin/staff-gate.server";
import { staffInfluencerList } from "~server/content/influencers.server";
import { shop } from "~server/http/context.server";
import type { Route } from "./+types/admin.influencers";

/** Influencer pages carry an offer: only the owner changes them. */
export const middleware: Route.MiddlewareFunction[] = [ownerGate];

export async function loader({ context }: Route.LoaderArgs) {
  return data(
    { influencers: await staffInfluencerList(shop(context).db) },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

export default function InfluencersPage({ loaderData }: Route.ComponentProps) {
  return <InfluencersAdmin {...loaderData} />;
}

export function ErrorBoundary() {
  return (
    <BackOfficeError
      title="Influencers"
      message="The influencer pages could not be loaded. Please try again in a moment."
    />
  );
}
