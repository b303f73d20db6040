import { describe, expect, it } from "vitest";
import { startCheckout } from "./start-checkout";

const request = {
  items: [{ itemId: "luxe" as const, quantity: 2 }],
  localPickup: false,
  promoCode: "WELCOME10",
};

function answering(status: number, body: string) {
  const calls: Array<{ url: string; init: RequestInit | undefined }> = [];
  const send: typeof fetch = async (input, init) => {
    calls.push({ url: String(input), init });
    return new Response(body, { status });
  };
  return { send, calls };
}

describe("startCheckout", () => {
  it("posts only item ids, quantities, local pickup and the code, and returns the URL", async () => {
    const { send, calls } = answering(200, JSON.stringify({ url: "https://pay.example/cs_1" }));
    expect(await startCheckout(request, send)).toEqual({ url: "https://pay.example/cs_1" });
    expect(calls[0]?.url).toBe("/api/checkout");
    expect(calls[0]?.init?.method).toBe("POST");
    expect(JSON.parse(String(calls[0]?.init?.body))).toEqual(request);
  });

  it("returns the server's error", async () => {
    const error = {
      message: "Your cart is empty. Add an item before checking out.",
      code: "empty_cart",
    };
    const { send } = answering(400, JSON.stringify({ error }));
    expect(await startCheckout(request, send)).toEqual({ error });
  });

  it.each([
    ["an empty response", 200, ""],
    ["a response without a URL", 200, "{}"],
    ["an HTML error page", 502, "<html>Bad gateway</html>"],
  ])("says 'Something went wrong. Please try again' for %s", async (_case, status, body) => {
    const { send } = answering(status, body);
    expect(await startCheckout(request, send)).toEqual({
      error: { message: "Something went wrong. Please try again" },
    });
  });

  it("says the same when the network fails", async () => {
    const send: typeof fetch = async () => {
      throw new TypeError("Failed to fetch");
    };
    expect(await startCheckout(request, send)).toEqual({
      error: { message: "Something went wrong. Please try again" },
    });
  });
});
