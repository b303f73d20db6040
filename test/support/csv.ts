/** Reading the back office's CSV files back, for tests: RFC 4180 as a spreadsheet reads it. */
import { csvByteOrderMark } from "~core/csv";

/** The file's lines, each a list of its cells; quoted cells unquoted, the byte order mark dropped. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  const body = text.startsWith(csvByteOrderMark) ? text.slice(1) : text;
  for (let index = 0; index < body.length; index++) {
    const character = body.charAt(index);
    if (quoted) {
      if (character === '"' && body.charAt(index + 1) === '"') {
        cell += '"';
        index++;
      } else if (character === '"') quoted = false;
      else cell += character;
    } else if (character === '"') quoted = true;
    else if (character === ",") {
      row.push(cell);
      cell = "";
    } else if (character === "\r" && body.charAt(index + 1) === "\n") {
      rows.push([...row, cell]);
      row = [];
      cell = "";
      index++;
    } else cell += character;
  }
  if (cell !== "" || row.length > 0) rows.push([...row, cell]);
  return rows;
}

/** The rows of a CSV file as records keyed by its header. */
export function csvRecords(text: string): Array<Record<string, string>> {
  const [header = [], ...rows] = parseCsv(text);
  return rows.map((row) =>
    Object.fromEntries(header.map((name, index) => [name, row[index] ?? ""])),
  );
}
