import { describe, expect, it } from "vitest";
import type { StoredCart } from "~core/cart";
import { cartSender } from "./cart-sync";

const cartOf = (luxe: number): StoredCart => ({ counts: { luxe }, localPickup: false });

/** A server the test answers by hand: each request waits until `answerNext` (or `failNext`). */
function heldServer() {
  const received: StoredCart[] = [];
  const answers: Array<{ resolve: () => void; reject: (error: Error) => void }> = [];
  const send = (cart: StoredCart) =>
    new Promise<void>((resolve, reject) => {
      received.push(cart);
      answers.push({ resolve, reject });
    });
  const settle = async (how: "answer" | "fail") => {
    const next = answers.shift();
    if (how === "answer") next?.resolve();
    else next?.reject(new Error("offline"));
    // Lets the sender see the answer and send what waited.
    await new Promise((resolve) => setTimeout(resolve, 0));
  };
  return {
    send,
    received,
    answerNext: () => settle("answer"),
    failNext: () => settle("fail"),
  };
}

describe("cartSender", () => {
  it("sends one cart at a time, and after it only the latest of those given meanwhile", async () => {
    const server = heldServer();
    const sendCart = cartSender(server.send);
    const done = sendCart(cartOf(1));
    void sendCart(cartOf(2));
    void sendCart(cartOf(3));
    expect(server.received).toEqual([cartOf(1)]);
    await server.answerNext();
    expect(server.received).toEqual([cartOf(1), cartOf(3)]);
    await server.answerNext();
    await done;
    void sendCart(cartOf(4));
    expect(server.received).toEqual([cartOf(1), cartOf(3), cartOf(4)]);
  });

  it("keeps sending after a cart failed to arrive: the next one carries the whole cart", async () => {
    const server = heldServer();
    const sendCart = cartSender(server.send);
    const first = sendCart(cartOf(1));
    await server.failNext();
    await first;
    void sendCart(cartOf(2));
    expect(server.received).toEqual([cartOf(1), cartOf(2)]);
  });
});
