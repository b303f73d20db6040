import { redirect } from "react-router";
import { backOfficeHome } from "~server/admin/staff-gate.server";

/** The back office opens on its orders. */
export function loader() {
  throw redirect(backOfficeHome);
}
