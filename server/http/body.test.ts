import { describe, expect, it } from "vitest";
import { readBodyText } from "./body.server";

function streamOf(chunks: string[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      controller.close();
    },
  });
}

function post(body: BodyInit, headers: Record<string, string> = {}): Request {
  return new Request("http://shop.test/api/events", {
    method: "POST",
    body,
    headers,
    duplex: "half",
  } as RequestInit);
}

describe("readBodyText", () => {
  it("reads a body within the limit, multi-byte characters across chunks included", async () => {
    const euro = new TextEncoder().encode("€");
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(euro.slice(0, 1));
        controller.enqueue(euro.slice(1));
        controller.close();
      },
    });
    expect(await readBodyText(post(stream), 10)).toBe("€");
  });

  it("refuses a body whose declared length is over the limit", async () => {
    expect(await readBodyText(post("12345", { "content-length": "5" }), 4)).toBeNull();
  });

  it("refuses a streamed body once it passes the limit, whatever its declared length", async () => {
    expect(await readBodyText(post(streamOf(["abc", "def"])), 5)).toBeNull();
    expect(await readBodyText(post(streamOf(["abc", "de"])), 5)).toBe("abcde");
  });

  it("reads a missing body as empty text", async () => {
    expect(await readBodyText(new Request("http://shop.test/"), 5)).toBe("");
  });
});
