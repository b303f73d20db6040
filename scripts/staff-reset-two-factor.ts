// `npm run staff:reset-two-factor -- EMAIL`: the way back in for a member of staff who lost their
// phone and their backup codes. Turns off the account's two-factor sign-in and ends every session
// of it, recorded in the audit log as the server's operator; the next sign-in enrols again. Stop
// the shop first when it runs on the embedded database.

import { resetStaffTwoFactor } from "../server/admin/staff-members.server";
import { serverOperator } from "../server/audit/audit.server";
import { withConfiguredDatabase } from "./with-database";

const email = process.argv[2]?.trim() ?? "";
if (!email) {
  process.stderr.write("Usage: npm run staff:reset-two-factor -- EMAIL\n");
  process.exitCode = 1;
} else {
  await withConfiguredDatabase(async (database) => {
    const reset = await resetStaffTwoFactor(database.db, serverOperator, email);
    if (!reset.ok) {
      process.stderr.write(`${reset.message}. Nothing was changed.\n`);
      process.exitCode = 1;
      return;
    }
    const sessions = `${reset.sessionsEnded} session${reset.sessionsEnded === 1 ? "" : "s"}`;
    process.stdout.write(
      `${reset.email}: two-factor sign-in ${reset.wasEnrolled ? "turned off" : "was not on"}; ` +
        `${sessions} ended; recorded in the audit log. ` +
        "At the next sign-in the back office asks to set up two-factor sign-in again.\n",
    );
  });
}
