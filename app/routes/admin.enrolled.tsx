import { enrolledStaffGate } from "~server/admin/staff-gate.server";
import type { Route } from "./+types/admin.enrolled";

/** The back office's pages that require two-factor sign-in: all but the enrolment. */
export const middleware: Route.MiddlewareFunction[] = [enrolledStaffGate];
