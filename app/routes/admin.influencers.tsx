import { data } from "react-router";
import { BackOfficeError } from "~/components/admin/BackOfficeError";
import { InfluencersAdmin } from "~/components/admin/InfluencersAdmin";
import { canEditInfluencerPage } from "~core/admin/influencer-form";
import { currentStaff } from "~server/admin/staff-gate.server";
import { staffInfluencerList } from "~server/content/influencers.server";
import { shop } from "~server/http/context.server";
import type { Route } from "./+types/admin.influencers";

/** Every page; staff open only the drafts they may prepare, the owner every page. */
export async function loader({ context }: Route.LoaderArgs) {
  return data(
    {
      influencers: (await staffInfluencerList(shop(context).db)).map((page) => ({
        ...page,
        editable: canEditInfluencerPage(currentStaff(context).role, page),
      })),
    },
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
