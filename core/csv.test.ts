import { describe, expect, it } from "vitest";
import { csvAmount, csvCell, csvFileName, csvRow } from "./csv";

describe("a CSV cell", () => {
  it("quotes every text, and writes numbers bare and null as an empty cell", () => {
    expect(csvCell("Ada Lovelace")).toBe('"Ada Lovelace"');
    expect(csvCell("")).toBe('""');
    expect(csvCell(42)).toBe("42");
    expect(csvCell(null)).toBe("");
  });

  it.each([
    ["Lovelace, Ada", '"Lovelace, Ada"'],
    ['The "Grove"', '"The ""Grove"""'],
    ["line one\nline two", '"line one\nline two"'],
    ["line one\r\nline two", '"line one\r\nline two"'],
    ['"', '""""'],
  ])("quotes %j as %j", (text, cell) => {
    expect(csvCell(text)).toBe(cell);
  });

  it.each([
    ['=HYPERLINK("http://evil.example")', '"\'=HYPERLINK(""http://evil.example"")"'],
    ["+1 555 0100", '"\'+1 555 0100"'],
    ["-2+3", '"\'-2+3"'],
    ["@SUM(A1:A2)", '"\'@SUM(A1:A2)"'],
    ["\tcmd", '"\'\tcmd"'],
    ["\rcmd", '"\'\rcmd"'],
    ["  =1+1", '"  \'=1+1"'],
  ])("keeps %j from running as a formula", (text, cell) => {
    expect(csvCell(text)).toBe(cell);
  });

  it.each([
    ["Ann;=1+1;@SUM(2)", "\"Ann;'=1+1;'@SUM(2)\""],
    ["Ann,=1+1", '"Ann,\'=1+1"'],
    ["Ann\t-1\t+1", "\"Ann\t'-1\t'+1\""],
    ["Ann; =1+1", '"Ann; \'=1+1"'],
    ["12 Grove St\n=cmd", '"12 Grove St\n\'=cmd"'],
    ["\t\t=1", "\"'\t'\t'=1\""],
  ])("keeps %j from running in a spreadsheet that splits on ; or tabs", (text, cell) => {
    expect(csvCell(text)).toBe(cell);
  });

  it("leaves a formula character that follows no separator alone", () => {
    expect(csvCell("a=b+c-d@e")).toBe('"a=b+c-d@e"');
    expect(csvCell("Ann-Marie O'Neil")).toBe('"Ann-Marie O\'Neil"');
  });

  it("writes a number as a number even when negative", () => {
    expect(csvCell(-3)).toBe("-3");
  });
});

describe("a CSV row", () => {
  it("joins its cells with commas and ends with CRLF", () => {
    expect(csvRow(["A1", "Lovelace, Ada", 3, csvAmount(1250), null, "=1+1"])).toBe(
      '"A1","Lovelace, Ada",3,12.50,,"\'=1+1"\r\n',
    );
  });
});

describe("amounts and file names", () => {
  it.each([
    [0, "0.00"],
    [5, "0.05"],
    [1500, "15.00"],
    [3350, "33.50"],
    [123456789, "1234567.89"],
    [-1250, "-12.50"],
    [-5, "-0.05"],
  ])("writes %i cents as the bare number %s", (cents, amount) => {
    expect(csvCell(csvAmount(cents))).toBe(amount);
  });

  it("names the file by its subject and UTC day", () => {
    expect(csvFileName("orders", new Date("2026-11-25T23:59:59.999Z"))).toBe(
      "orders-2026-11-25.csv",
    );
    expect(csvFileName("customers", new Date("2026-11-26T00:00:00Z"))).toBe(
      "customers-2026-11-26.csv",
    );
  });
});
