import { data, useNavigation } from "react-router";
import { AuditLog } from "~/components/admin/AuditLog";
import { BackOfficeError } from "~/components/admin/BackOfficeError";
import { parseAuditQuery } from "~core/admin/audit-query";
import { hasDayErrors } from "~core/admin/days";
import { findAuditEntries, recordedActions } from "~server/admin/audit-log.server";
import { shop } from "~server/http/context.server";
import { readShopTimeZone } from "~server/settings/settings.server";
import type { Route } from "./+types/admin.audit";

/** A day the filters cannot use is answered 400, with the entries the other filters find. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { db, config } = shop(context);
  const { query, ignored, dayErrors } = parseAuditQuery(new URL(request.url).searchParams);
  const timeZone = await readShopTimeZone(db, config);
  const [page, actions] = await Promise.all([
    findAuditEntries(db, query, timeZone),
    recordedActions(db),
  ]);
  return data(
    { query, ignored, dayErrors, page, actions },
    {
      status: hasDayErrors(dayErrors) ? 400 : 200,
      headers: { "Cache-Control": "private, no-store" },
    },
  );
}

export default function AuditLogPage({ loaderData }: Route.ComponentProps) {
  const loading = useNavigation().state === "loading";
  return <AuditLog {...loaderData} loading={loading} />;
}

export function ErrorBoundary() {
  return (
    <BackOfficeError
      title="Audit log"
      message="The audit log could not be loaded. Please try again in a moment."
    />
  );
}
