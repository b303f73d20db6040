import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { academyFormMessages, academyFormOf, readAcademyForm } from "~core/admin/academy-form";
import { createTestDatabase, type TestDatabase, testEngines } from "../../test/support/database";
import { auditLog } from "../db/schema.server";
import {
  addAcademySection,
  articleSections,
  moveAcademySection,
  removeAcademySection,
  updateAcademySection,
} from "./academy.server";

const owner = { id: "owner-1", email: "owner@troiagrove.test" };

describe.each(testEngines)("the academy's articles on %s", (engine) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
  });
  afterAll(() => database.dispose());

  it("start with the sections the pages had in code, in their order", async () => {
    const benefits = await articleSections(database.db, "health-benefits");
    expect(benefits.map((section) => section.key)).toEqual([
      "heart",
      "brain",
      "immune",
      "cancer",
      "diabetes",
      "inflammation",
      "bone",
      "mood",
      "longevity",
    ]);
    expect(benefits[0]?.study).toEqual({
      citation: "Estruch et al., New England Journal of Medicine, 2018",
      url: "https://doi.org/10.1056/NEJMoa1800389",
    });
    expect(benefits.find((section) => section.key === "immune")?.study).toBeNull();
    const criteria = await articleSections(database.db, "choosing-olive-oil");
    expect(criteria).toHaveLength(6);
    expect(criteria.every((section) => section.difference !== null)).toBe(true);
  });

  it("saves the owner's change with an audit row, and nothing for no change", async () => {
    const [heart] = await articleSections(database.db, "health-benefits");
    if (!heart) throw new Error("no section");
    const input = {
      title: "A healthier heart",
      text: heart.text,
      difference: null,
      studyCitation: heart.study?.citation ?? null,
      studyUrl: heart.study?.url ?? null,
    };
    expect(await updateAcademySection(database.db, owner, heart.id, input)).toBe(true);
    expect(await updateAcademySection(database.db, owner, heart.id, input)).toBe(true);
    expect(await updateAcademySection(database.db, owner, 999_999, input)).toBe(false);
    const [first] = await articleSections(database.db, "health-benefits");
    expect(first?.title).toBe("A healthier heart");
    const rows = await database.db
      .select({ action: auditLog.action, before: auditLog.before })
      .from(auditLog)
      .where(eq(auditLog.subjectId, String(heart.id)));
    expect(rows).toEqual([
      {
        action: "academy.section_updated",
        before: expect.objectContaining({ article: "health-benefits", title: "Heart health" }),
      },
    ]);
  });
});

describe.each(testEngines)("adding, moving and removing academy sections on %s", (engine) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
  });
  afterAll(() => database.dispose());

  const keys = async () =>
    (await articleSections(database.db, "choosing-olive-oil")).map((section) => section.key);
  const actions = async (id: number) =>
    (
      await database.db
        .select({ action: auditLog.action })
        .from(auditLog)
        .where(eq(auditLog.subjectId, String(id)))
    ).map((row) => row.action);

  it("adds a card at the end, moves it up, and removes it, each with its audit row", async () => {
    const seeded = await keys();
    const input = {
      title: "Fresh Taste",
      text: "Green, bitter and peppery: the taste of a fresh oil.",
      difference: "We taste every lot before it is bottled.",
      studyCitation: "Servili et al., Journal of Chromatography A, 2004",
      studyUrl: "https://doi.org/10.1016/j.chroma.2004.05.071",
    };
    const id = await addAcademySection(database.db, owner, "choosing-olive-oil", input);
    expect(await keys()).toEqual([...seeded, "fresh-taste"]);
    // The same title again gets a key of its own.
    const twin = await addAcademySection(database.db, owner, "choosing-olive-oil", input);
    expect((await keys()).at(-1)).toBe("fresh-taste-2");

    const last = seeded.length + 1;
    expect(
      await moveAcademySection(database.db, owner, id, { direction: "up", from: last - 1 }),
    ).toBe("moved");
    const moved = await keys();
    expect(moved.slice(-3)).toEqual(["fresh-taste", seeded.at(-1), "fresh-taste-2"]);
    // The same press again comes from a list that has changed: nothing moves twice.
    expect(
      await moveAcademySection(database.db, owner, id, { direction: "up", from: last - 1 }),
    ).toBe("stale");
    // The last card moved down stays where it is, and nothing is recorded.
    expect(
      await moveAcademySection(database.db, owner, twin, { direction: "down", from: last }),
    ).toBe("unchanged");
    expect(await keys()).toEqual(moved);
    expect(
      await moveAcademySection(database.db, owner, 999_999, { direction: "up", from: 0 }),
    ).toBe("missing");

    const sections = await articleSections(database.db, "choosing-olive-oil");
    expect(sections.find((section) => section.id === id)?.study).toEqual({
      citation: input.studyCitation,
      url: input.studyUrl,
    });

    expect(await removeAcademySection(database.db, owner, twin)).toEqual({
      article: "choosing-olive-oil",
    });
    expect(await removeAcademySection(database.db, owner, twin)).toBeNull();
    expect(await keys()).toEqual(moved.filter((key) => key !== "fresh-taste-2"));
    expect(await actions(id)).toEqual(["academy.section_added", "academy.section_moved"]);
    expect(await actions(twin)).toEqual(["academy.section_added", "academy.section_removed"]);
  });
});

describe("the section form", () => {
  const values = academyFormOf({
    title: "Freshness",
    text: "Olive oil is a fruit juice.",
    difference: "Only the latest harvest.",
    studyCitation: null,
    studyUrl: null,
  });

  it("requires the difference where the article has one, and drops it elsewhere", () => {
    expect(readAcademyForm({ ...values, difference: " " }, true)).toEqual({
      ok: false,
      fieldErrors: { difference: academyFormMessages.difference },
    });
    const read = readAcademyForm(values, false);
    expect(read.ok && read.input.difference).toBeNull();
  });

  it("takes a study with both its citation and an https address, or neither", () => {
    expect(readAcademyForm({ ...values, studyCitation: "Someone, 2020" }, true)).toEqual({
      ok: false,
      fieldErrors: { studyUrl: academyFormMessages.studyUrl },
    });
    expect(
      readAcademyForm(
        { ...values, studyCitation: "Someone, 2020", studyUrl: "javascript:alert(1)" },
        true,
      ),
    ).toEqual({ ok: false, fieldErrors: { studyUrl: academyFormMessages.studyUrl } });
    const read = readAcademyForm(
      { ...values, studyCitation: "Someone, 2020", studyUrl: "https://doi.org/10.1/x" },
      true,
    );
    expect(read.ok && read.input.studyUrl).toBe("https://doi.org/10.1/x");
  });
});
