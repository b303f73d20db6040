import { data } from "react-router";
import { AcademyAdmin } from "~/components/admin/AcademyAdmin";
import { BackOfficeError } from "~/components/admin/BackOfficeError";
import { ownerGate } from "~server/admin/staff-gate.server";
import { staffAcademyList } from "~server/content/academy.server";
import { shop } from "~server/http/context.server";
import type { Route } from "./+types/admin.academy";

/** The academy's articles are the owner's to change. */
export const middleware: Route.MiddlewareFunction[] = [ownerGate];

export async function loader({ context }: Route.LoaderArgs) {
  return data(
    { sections: await staffAcademyList(shop(context).db) },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

export default function AcademyAdminPage({ loaderData }: Route.ComponentProps) {
  return <AcademyAdmin {...loaderData} />;
}

export function ErrorBoundary() {
  return (
    <BackOfficeError
      title="Academy"
      message="The academy's articles could not be loaded. Please try again in a moment."
    />
  );
}
