/** The academy's articles: their sections as pages show them, and the owner's edits. */
import { asc, eq } from "drizzle-orm";
import type { AcademyArticle, AcademySection } from "~core/academy";
import type { AcademySectionInput } from "~core/admin/academy-form";
import { type AuditActor, recordAudit } from "../audit/audit.server";
import type { Database } from "../db/client.server";
import { academySections } from "../db/schema.server";

type SectionRow = typeof academySections.$inferSelect;

function toSection(row: SectionRow): AcademySection {
  return {
    id: row.id,
    key: row.key,
    title: row.title,
    text: row.text,
    difference: row.difference,
    study:
      row.studyCitation && row.studyUrl ? { citation: row.studyCitation, url: row.studyUrl } : null,
  };
}

/** An article's sections, in their order on the page. */
export async function articleSections(
  db: Database,
  article: AcademyArticle,
): Promise<AcademySection[]> {
  const rows = await db
    .select()
    .from(academySections)
    .where(eq(academySections.article, article))
    .orderBy(asc(academySections.position), asc(academySections.id));
  return rows.map(toSection);
}

/** Every section of every article, for the back office's list. */
export async function staffAcademyList(db: Database) {
  return db
    .select({
      id: academySections.id,
      article: academySections.article,
      title: academySections.title,
      updatedAt: academySections.updatedAt,
    })
    .from(academySections)
    .orderBy(asc(academySections.article), asc(academySections.position));
}

export async function academySectionForEditor(db: Database, id: number) {
  const [row] = await db.select().from(academySections).where(eq(academySections.id, id));
  return row ? { article: row.article, section: toSection(row) } : null;
}

const edited = (row: SectionRow): AcademySectionInput => ({
  title: row.title,
  text: row.text,
  difference: row.difference,
  studyCitation: row.studyCitation,
  studyUrl: row.studyUrl,
});

/** Changes a section, live at once, with its audit row; false when there is no such section. */
export async function updateAcademySection(
  db: Database,
  actor: AuditActor,
  id: number,
  input: AcademySectionInput,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(academySections)
      .where(eq(academySections.id, id))
      .for("update");
    if (!row) return false;
    const before = edited(row);
    if (JSON.stringify(before) === JSON.stringify(input)) return true;
    await tx.update(academySections).set(input).where(eq(academySections.id, id));
    await recordAudit(tx, actor, {
      action: "academy.section_updated",
      subjectType: "academy_section",
      subjectId: String(id),
      before: { article: row.article, ...before },
      after: { article: row.article, ...input },
    });
    return true;
  });
}
