/** The academy's articles: their sections as pages show them, and the owner's edits. */
import { asc, eq } from "drizzle-orm";
import {
  type AcademyArticle,
  type AcademyMove,
  type AcademySection,
  academyKeyRule,
} from "~core/academy";
import type { AcademySectionInput } from "~core/admin/academy-form";
import { slugFromTitle, uniqueSlug } from "~core/recipes";
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

/** An article's rows, locked until the change is written, in their order on the page. */
async function lockedArticle(db: Database, article: string) {
  return db
    .select()
    .from(academySections)
    .where(eq(academySections.article, article))
    .orderBy(asc(academySections.position), asc(academySections.id))
    .for("update");
}

/**
 * A new card at the end of an article, live at once, with its audit row. Its key (the page's ids)
 * comes from its title and stays when the title changes.
 */
export async function addAcademySection(
  db: Database,
  actor: AuditActor,
  article: AcademyArticle,
  input: AcademySectionInput,
): Promise<number> {
  return db.transaction(async (tx) => {
    const rows = await lockedArticle(tx, article);
    const key = uniqueSlug(
      slugFromTitle(input.title, academyKeyRule),
      new Set(rows.map((row) => row.key)),
      academyKeyRule,
    );
    const position = Math.max(0, ...rows.map((row) => row.position)) + 1;
    const [row] = await tx
      .insert(academySections)
      .values({ article, key, position, ...input })
      .returning({ id: academySections.id });
    if (!row) throw new Error("the section was not added");
    await recordAudit(tx, actor, {
      action: "academy.section_added",
      subjectType: "academy_section",
      subjectId: String(row.id),
      after: { article, key, position, ...input },
    });
    return row.id;
  });
}

/** Takes a card off its article, with an audit row that keeps all it said; null when there is none. */
export async function removeAcademySection(
  db: Database,
  actor: AuditActor,
  id: number,
): Promise<{ article: string } | null> {
  return db.transaction(async (tx) => {
    const [row] = await tx.delete(academySections).where(eq(academySections.id, id)).returning();
    if (!row) return null;
    await recordAudit(tx, actor, {
      action: "academy.section_removed",
      subjectType: "academy_section",
      subjectId: String(id),
      before: { article: row.article, key: row.key, position: row.position, ...edited(row) },
    });
    return { article: row.article };
  });
}

export type AcademyMoveResult = "moved" | "unchanged" | "stale" | "missing";

/**
 * Moves a card one place up or down its article, with an audit row of the order before and after.
 * `from` is the card's place (from 0) on the list the move was asked from: when the card is no
 * longer there (a second press, a list changed meanwhile) nothing moves ('stale'), so a move
 * runs once. The first card moved up (or the last down) stays, and nothing is written.
 */
export async function moveAcademySection(
  db: Database,
  actor: AuditActor,
  id: number,
  move: { direction: AcademyMove; from: number },
): Promise<AcademyMoveResult> {
  return db.transaction(async (tx): Promise<AcademyMoveResult> => {
    const [section] = await tx
      .select({ article: academySections.article })
      .from(academySections)
      .where(eq(academySections.id, id));
    if (!section) return "missing";
    const rows = await lockedArticle(tx, section.article);
    const from = rows.findIndex((row) => row.id === id);
    if (from !== move.from) return "stale";
    const to = move.direction === "up" ? from - 1 : from + 1;
    const moving = rows[from];
    const other = rows[to];
    if (!moving || !other) return "unchanged";
    const order = rows.map((row) => row.key);
    const moved = [...order];
    moved[from] = other.key;
    moved[to] = moving.key;
    // The two cards trade places; every card of an article has a place of its own.
    await tx
      .update(academySections)
      .set({ position: other.position })
      .where(eq(academySections.id, moving.id));
    await tx
      .update(academySections)
      .set({ position: moving.position })
      .where(eq(academySections.id, other.id));
    await recordAudit(tx, actor, {
      action: "academy.section_moved",
      subjectType: "academy_section",
      subjectId: String(id),
      before: { article: section.article, order },
      after: { article: section.article, order: moved },
    });
    return "moved";
  });
}
