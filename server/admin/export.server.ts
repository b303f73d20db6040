/**
 * What the back office's CSV exports share: a list read batch after batch in a keyset order
 * (keyset.server.ts), so that memory stays the same whatever its length; the file streamed as it
 * is read; and the audit row that says who took which list, since an export hands out customers'
 * personal data.
 */
import { type DayErrors, dayErrorsText } from "~core/admin/days";
import { type CsvValue, csvByteOrderMark, csvRow } from "~core/csv";
import { type AuditActor, recordAudit } from "../audit/audit.server";
import type { Database } from "../db/client.server";

/** Rows read, formatted and sent at a time. */
export const exportBatchSize = 1000;

/**
 * Every row of a list, batch after batch: `read` gets the last row of the batch before (`null`
 * at first) and returns up to `exportBatchSize` rows after it. A short batch is the last.
 */
async function* inBatches<Row>(read: (last: Row | null) => Promise<Row[]>): AsyncGenerator<Row[]> {
  let last: Row | null = null;
  let rows: Row[];
  do {
    rows = await read(last);
    if (rows.length > 0) yield rows;
    last = rows.at(-1) ?? null;
  } while (rows.length === exportBatchSize);
}

/** A list to export: how to read its next batch, and how to write a batch as CSV rows. */
export interface ExportedList<Row> {
  header: readonly string[];
  read: (last: Row | null) => Promise<Row[]>;
  rows: (batch: Row[]) => Promise<CsvValue[][]>;
}

async function* csvBatches<Row>(list: ExportedList<Row>): AsyncGenerator<CsvValue[][]> {
  for await (const batch of inBatches(list.read)) yield await list.rows(batch);
}

/**
 * A list as a CSV file, streamed: the header at once, then one chunk per batch, read only when
 * the previous chunk has been taken, so a slow download holds one batch and not the whole list.
 */
export function csvStream<Row>(list: ExportedList<Row>): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const batches = csvBatches(list);
  return new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(csvByteOrderMark + csvRow(list.header)));
    },
    async pull(controller) {
      const batch = await batches.next();
      if (batch.done) controller.close();
      else controller.enqueue(encoder.encode(batch.value.map(csvRow).join("")));
    },
    async cancel() {
      await batches.return(undefined);
    },
  });
}

/** What an export's audit row says: which list, the file's name, and the filters it was taken with. */
export interface ExportEntry {
  list: "orders" | "customers";
  fileName: string;
  filters: Record<string, string>;
}

/** An export whose filters cannot be used: 400 with the form's messages, and no file. */
export function refusedExport(dayErrors: DayErrors): Response {
  return new Response(`The export was refused. ${dayErrorsText(dayErrors)}\n`, {
    status: 400,
    headers: {
      "Content-Type": "text/plain; charset=utf-8",
      "Cache-Control": "private, no-store",
    },
  });
}

/**
 * Records that `actor` exported a list (`orders.exported`): the file is the subject, and the
 * filters it was taken with (none: `null`) are what it holds.
 */
async function recordExport(db: Database, actor: AuditActor, entry: ExportEntry): Promise<void> {
  await recordAudit(db, actor, {
    action: `${entry.list}.exported`,
    subjectType: entry.list,
    subjectId: entry.fileName,
    after: Object.keys(entry.filters).length > 0 ? entry.filters : null,
  });
}

/**
 * The download of an exported CSV file, never kept by a cache, saved under its file name. Its
 * audit row is written once the last row has been produced: a file that fails halfway, or whose
 * download stops first, leaves no row, and a row that cannot be written cuts the download short.
 */
export function exportResponse(
  db: Database,
  actor: AuditActor,
  entry: ExportEntry,
  body: ReadableStream<Uint8Array>,
): Response {
  const recorded = body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({ flush: () => recordExport(db, actor, entry) }),
  );
  return new Response(recorded, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${entry.fileName}"`,
      "Cache-Control": "private, no-store",
    },
  });
}
