import { data } from "react-router";
import { AcademyAdmin } from "~/components/admin/AcademyAdmin";
import { BackOfficeError } from "~/components/admin/BackOfficeError";
import type { AcademyMove } from "~core/academy";
import { academyIntents, intentOf, unknownIntentMessage } from "~core/form-intent";
import { currentStaff, ownerGate } from "~server/admin/staff-gate.server";
import { redirectWithAlert } from "~server/auth/responses.server";
import { moveAcademySection, staffAcademyList } from "~server/content/academy.server";
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

const moves = {
  [academyIntents.moveUp]: "up",
  [academyIntents.moveDown]: "down",
} as const satisfies Record<string, AcademyMove>;

const moveAlerts = {
  moved: "Section moved",
  unchanged: "Nothing was moved: the section is already first or last.",
  stale: "The list had changed since it was shown; nothing was moved. Here it is as it is now.",
} as const;

/** 'Move up' and 'Move down': each a button of its own form, working before scripts run. */
export async function action({ request, context }: Route.ActionArgs) {
  const services = shop(context);
  const form = await request.formData();
  const intent = intentOf(form, academyIntents);
  const section = form.get("section");
  const from = form.get("from");
  const direction =
    intent === academyIntents.moveUp || intent === academyIntents.moveDown ? moves[intent] : null;
  if (
    direction === null ||
    typeof section !== "string" ||
    !/^\d{1,9}$/.test(section) ||
    typeof from !== "string" ||
    !/^\d{1,4}$/.test(from)
  ) {
    return data({ message: unknownIntentMessage }, 400);
  }
  const moved = await moveAcademySection(services.db, currentStaff(context), Number(section), {
    direction,
    from: Number(from),
  });
  if (moved === "missing") throw data("There is no such section", { status: 404 });
  return redirectWithAlert(services, "/admin/academy", [], moveAlerts[moved]);
}

export default function AcademyAdminPage({ loaderData, actionData }: Route.ComponentProps) {
  return <AcademyAdmin {...loaderData} result={actionData} />;
}

export function ErrorBoundary() {
  return (
    <BackOfficeError
      title="Academy"
      message="The academy's articles could not be loaded. Please try again in a moment."
    />
  );
}
