import { describe, expect, it } from "vitest";
import { csvAmount, csvCell, csvFileName, csvRow } from "./csv";

describe("a CSV cell", () => {
  it("writes plain text, numbers and empty cells as they are", () => {
    expect(csvCell("Ada Lovelace")).toBe("Ada Lovelace");
    expect(csvCell("")).toBe("");
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
    ["+1 555 0100", "'+1 555 0100"],
    ["-2+3", "'-2+3"],
    ["@SUM(A1:A2)", "'@SUM(A1:A2)"],
    ["\tcmd", "'\tcmd"],
    ["\rcmd", '"\'\rcmd"'],
  ])("keeps %j from running as a formula", (text, cell) => {
    expect(csvCell(text)).toBe(cell);
  });

  it("leaves a formula character further in alone", () => {
    expect(csvCell("a=b+c-d@e")).toBe("a=b+c-d@e");
  });

  it("writes a number as a number even when negative", () => {
    expect(csvCell(-3)).toBe("-3");
  });
});

describe("a CSV row", () => {
  it("joins its cells with commas and ends with CRLF", () => {
    expect(csvRow(["A1", "Lovelace, Ada", 3, null, "=1+1"])).toBe(
      'A1,"Lovelace, Ada",3,,\'=1+1\r\n',
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
  ])("writes %i cents as %s", (cents, amount) => {
    expect(csvAmount(cents)).toBe(amount);
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
