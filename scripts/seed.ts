// `npm run seed`: adds whatever demo data is missing. Idempotent; never overwrites content.
import { seedDemoData } from "../server/db/seed/seed.server";
import { withConfiguredDatabase } from "./with-database";

await withConfiguredDatabase(async (database) => {
  await seedDemoData(database.db, { onlyIfEmpty: false, log: console });
});
