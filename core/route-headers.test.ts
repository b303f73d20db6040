import { describe, expect, it } from "vitest";
import { answerHeaders } from "./route-headers";

describe("answerHeaders", () => {
  const parentHeaders = new Headers({ "X-Parent": "kept" });

  it("takes the action's headers when the action set any", () => {
    const headers = answerHeaders({
      actionHeaders: new Headers({ "Retry-After": "60" }),
      loaderHeaders: new Headers({ "Cache-Control": "private, no-store" }),
      parentHeaders,
    });
    expect(headers.get("Retry-After")).toBe("60");
    expect(headers.get("Cache-Control")).toBeNull();
    expect(headers.get("X-Parent")).toBe("kept");
  });

  it("takes the loader's headers otherwise, and leaves cookies to React Router", () => {
    const headers = answerHeaders({
      actionHeaders: new Headers(),
      loaderHeaders: new Headers({ "Cache-Control": "private, no-store", "Set-Cookie": "a=1" }),
      parentHeaders,
    });
    expect(headers.get("Cache-Control")).toBe("private, no-store");
    expect(headers.get("Set-Cookie")).toBeNull();
  });
});
