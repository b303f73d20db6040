import { describe, expect, it } from "vitest";
import { isOpenPopover } from "./popover";

/** An element as a browser without popovers has it: `:popover-open` is no selector there. */
const withoutPopovers = {
  matches: (selector: string) => {
    throw new SyntaxError(`'${selector}' is not a valid selector`);
  },
};

const withPopovers = (open: boolean) => ({
  showPopover: () => {},
  matches: (selector: string) => selector === ":popover-open" && open,
});

describe("isOpenPopover", () => {
  it("says a shown popover is open, and a hidden one not", () => {
    expect(isOpenPopover(withPopovers(true))).toBe(true);
    expect(isOpenPopover(withPopovers(false))).toBe(false);
  });

  it("answers 'not open' in a browser without popovers, instead of throwing", () => {
    expect(isOpenPopover(withoutPopovers)).toBe(false);
    expect(isOpenPopover(null)).toBe(false);
  });
});
