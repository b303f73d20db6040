/**
 * CSV as spreadsheets read it (RFC 4180: comma-separated, CRLF line ends). The files hold what
 * customers typed, so every text cell is quoted and nothing in it can start a formula, whatever
 * separator the spreadsheet splits on; numbers are written bare, so that they stay numbers.
 */

/** Money in a cell, in cents: written as a plain decimal number. */
export interface CsvAmount {
  readonly cents: number;
}

/** Text is quoted, a number or an amount written as it is; `null` is an empty cell. */
export type CsvValue = string | number | CsvAmount | null;

/** Spreadsheets read UTF-8 for a file that starts with this mark, and their own code page otherwise. */
export const csvByteOrderMark = "\uFEFF";

/**
 * Where a spreadsheet would start a formula (or, in older software, a command): a `=`, `+`, `-`,
 * `@`, tab or carriage return at the start of the cell, or after a separator inside it (a comma,
 * a semicolon, a tab or a line break, spaces allowed in between), since a spreadsheet set to
 * split on `;` or on tabs reads each part as a cell of its own.
 */
const formulaStarts = /(?<=(?:^|[,;\t\r\n]) *)(?=[=+\-@\t\r])/g;

/** Money as a number a spreadsheet can sum: `1234.50`, and `-12.50` below zero. */
function amountCell({ cents }: CsvAmount): string {
  return (cents / 100).toFixed(2);
}

/** One cell, escaped. Each formula start of a text gets an apostrophe before it: shown, never run. */
export function csvCell(value: CsvValue): string {
  if (value === null) return "";
  if (typeof value === "number") return String(value);
  if (typeof value === "object") return amountCell(value);
  return `"${value.replace(formulaStarts, "'").replaceAll('"', '""')}"`;
}

/** One line of cells, with its CRLF. */
export function csvRow(values: readonly CsvValue[]): string {
  return `${values.map(csvCell).join(",")}\r\n`;
}

/** Cents as a cell that any spreadsheet reads as a decimal number (`1234.50`). */
export function csvAmount(cents: number): CsvAmount {
  return { cents };
}

/** `orders-2026-11-25.csv`: what is exported, and its UTC day. */
export function csvFileName(subject: string, at: Date): string {
  return `${subject}-${at.toISOString().slice(0, 10)}.csv`;
}
