// Migration 0018 adds the day a page was first put up: every page written before it had been up
// (there were no drafts), so each keeps answering at its address, taken down or not.
import { rmSync } from "node:fs";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createTestDatabase,
  migrationsBefore,
  type TestDatabase,
  testEngines,
} from "../../test/support/database";
import { findInfluencerBySlug } from "../content/influencers.server";

describe.each(testEngines)("migration 0018, influencer pages put up, on %s", (engine) => {
  let database: TestDatabase;
  let olderMigrations: string;

  beforeAll(async () => {
    olderMigrations = migrationsBefore("0018_content_new_influencers");
    database = await createTestDatabase(engine, olderMigrations);
    for (const [slug, active] of [
      ["ada-up", true],
      ["ada-down", false],
    ] as const) {
      await database.db.execute(sql`
        insert into influencer (
          slug, first_name, last_name, title, image_file_name, hero_quote, story_quote,
          coupon_code, active
        ) values (
          ${slug}, 'Ada', 'Lovelace', 'Cook', 'ada.svg', 'Oil first.', 'I pour it on everything.',
          'WELCOME10', ${active}
        )`);
    }
    await database.migrate();
  });

  afterAll(async () => {
    await database?.dispose();
    rmSync(olderMigrations, { recursive: true, force: true });
  });

  it("keeps every page written before it public, up or taken down, with its illustration", async () => {
    expect(await findInfluencerBySlug(database.db, "ada-up")).toMatchObject({
      active: true,
      imageFileName: "ada.svg",
    });
    expect(await findInfluencerBySlug(database.db, "ada-down")).toMatchObject({ active: false });
  });
});
