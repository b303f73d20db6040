import { describe, expect, it } from "vitest";
import { createLogger } from "./logger.server";

describe("the shop's log", () => {
  it("never writes a header, a cookie or an authorization, wherever it turns up", () => {
    const lines: string[] = [];
    const log = createLogger({
      level: "info",
      pretty: false,
      destination: { write: (line: string) => lines.push(line) },
    });
    const refused = Object.assign(new Error("refused"), {
      headers: { "set-cookie": "session=from-the-response" },
    });
    log.error(
      {
        err: refused,
        request: { headers: { cookie: "session=from-the-request" } },
        authorization: "Bearer metrics-token",
      },
      "failed",
    );
    const [line = ""] = lines;
    expect(line).not.toMatch(/from-the-response|from-the-request|metrics-token/);
    expect(JSON.parse(line)).toMatchObject({
      msg: "failed",
      err: { message: "refused", headers: "[redacted]" },
      request: { headers: "[redacted]" },
      authorization: "[redacted]",
    });
  });
});
