/**
 * CSV as spreadsheets read it (RFC 4180: comma-separated, CRLF line ends, a cell quoted when it
 * holds a quote, a comma or a line break). The files hold what customers typed, so a text cell
 * that a spreadsheet would run as a formula is kept as text.
 */

/** A number is written as it is; `null` is an empty cell. */
export type CsvValue = string | number | null;

/** Spreadsheets read UTF-8 for a file that starts with this mark, and their own code page otherwise. */
export const csvByteOrderMark = "\uFEFF";

/** A cell starting with one of these is run as a formula (or as a command, by older software). */
const formulaStart = /^[=+\-@\t\r]/;

const needsQuotes = /[",\r\n]/;

/** One cell, escaped. A text starting like a formula gets a leading apostrophe: shown, never run. */
export function csvCell(value: CsvValue): string {
  if (value === null) return "";
  if (typeof value === "number") return String(value);
  const text = formulaStart.test(value) ? `'${value}` : value;
  return needsQuotes.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One line of cells, with its CRLF. */
export function csvRow(values: readonly CsvValue[]): string {
  return `${values.map(csvCell).join(",")}\r\n`;
}

/** Cents as a plain decimal amount (`1234.50`) that any spreadsheet reads as a number. */
export function csvAmount(cents: number): string {
  return (cents / 100).toFixed(2);
}

/** `orders-2026-11-25.csv`: what is exported, and its UTC day. */
export function csvFileName(subject: string, at: Date): string {
  return `${subject}-${at.toISOString().slice(0, 10)}.csv`;
}
