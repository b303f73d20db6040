import { data, Outlet } from "react-router";
import { BackOfficeShell } from "~/components/admin/BackOfficeShell";
import { pageMeta } from "~/components/layout/page-meta";
import type { RouteHandle } from "~/components/layout/route-handle";
import { useRootData } from "~/components/storefront/use-root-data";
import { answerHeaders } from "~core/route-headers";
import { currentStaff, staffGate } from "~server/admin/staff-gate.server";
import { shop } from "~server/http/context.server";
import { readShopTimeZone } from "~server/settings/settings.server";
import type { Route } from "./+types/admin";

export const handle: RouteHandle = { accessGate: "none", shell: "back-office" };

export const middleware: Route.MiddlewareFunction[] = [staffGate];

export const headers = answerHeaders;

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: "Back Office", noIndex: true });

export async function loader({ context }: Route.LoaderArgs) {
  const { name, email, role } = currentStaff(context);
  const { db, config } = shop(context);
  return data(
    { staff: { name, email, role }, timeZone: await readShopTimeZone(db, config) },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

export default function BackOffice({ loaderData }: Route.ComponentProps) {
  const { brand, flash } = useRootData();
  return (
    <BackOfficeShell
      brandName={brand.name}
      staff={loaderData.staff}
      flash={flash}
      timeZone={loaderData.timeZone}
    >
      <Outlet />
    </BackOfficeShell>
  );
}
