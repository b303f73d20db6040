import { PassThrough } from "node:stream";
import type { ReactNode } from "react";
import { renderToPipeableStream } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import CreateAccountPage from "./create-account";

/** What the server sends first: the page, with a loading state where it still waits. */
function firstHtmlOf(page: ReactNode): Promise<string> {
  return new Promise((resolve, reject) => {
    const stream = renderToPipeableStream(page, {
      onShellReady() {
        let html = "";
        const body = new PassThrough();
        body.on("data", (chunk) => {
          html += chunk;
        });
        body.on("end", () => resolve(html));
        stream.pipe(body);
        // Stop waiting at once: what was left to come is given up to the browser.
        stream.abort(new Error("not waiting"));
      },
      onShellError: reject,
      onError: () => undefined,
    });
  });
}

function createAccountPage(guest: unknown) {
  const Stub = createRoutesStub([{ path: "/create-account", Component: CreateAccountPage }]);
  const pageData = { guest, supportEmail: "hello@troiagrove.com", providers: [] };
  return (
    <Stub
      initialEntries={["/create-account?guestId=g"]}
      hydrationData={{ loaderData: { "0": pageData } }}
    />
  );
}

const forever = new Promise<never>(() => undefined);

describe("the create-account page", () => {
  it("says it is loading the guest's information while it is on its way", async () => {
    const html = await firstHtmlOf(createAccountPage(forever));
    expect(html).toContain("Loading your information...");
    expect(html).not.toContain("Create your account to track your orders</h1>");
  });

  it("names the support address when the information cannot be found", async () => {
    const html = await firstHtmlOf(createAccountPage(null));
    expect(html).toContain(
      "We failed to retrieve the information about your orders. Please contact us on the support e-mail address at",
    );
    expect(html).toContain('href="mailto:hello@troiagrove.com"');
    expect(html).not.toContain("Loading your information...");
  });

  it("offers the account with the guest's e-mail fixed, or sign-in to the one that exists", async () => {
    const create = await firstHtmlOf(
      createAccountPage({
        kind: "create",
        email: "grace@example.com",
        firstName: "Grace",
        lastName: "Hopper",
        orderCount: 2,
        orders: [
          {
            id: "SHIPPED001",
            fulfilmentStatus: "shipped",
            paymentStatus: "partially_refunded",
            trackingUrl: "https://www.ups.com/track?tracknum=1Z999AA10123456784",
          },
          {
            id: "WAITING002",
            fulfilmentStatus: "processing",
            paymentStatus: "paid",
            trackingUrl: null,
          },
        ],
      }),
    );
    expect(create).toContain("Create your account to track your orders</h1>");
    expect(create).toContain("You have 2 orders with us under grace@example.com.");
    expect(create).toContain("We never share your information with 3rd parties.");
    expect(create).toMatch(/<input[^>]*type="email"[^>]*disabled=""[^>]*value="grace@example.com"/);
    expect(create).toContain("Order SHIPPED001");
    expect(create).toMatch(/Fulfilment status: (<!-- -->|<\/span>)Shipped/);
    expect(create).toMatch(/Payment status: (<!-- -->|<\/span>)Partially refunded/);
    expect(create).toContain('href="https://www.ups.com/track?tracknum=1Z999AA10123456784"');
    expect(create).toContain("Order WAITING002");
    expect(create).toContain("Tracking information not available yet");

    const signIn = await firstHtmlOf(
      createAccountPage({
        kind: "sign-in",
        email: "grace@example.com",
        orderCount: 1,
        orders: [
          {
            id: "DELIVERED3",
            fulfilmentStatus: "delivered",
            paymentStatus: "paid",
            trackingUrl: null,
          },
        ],
      }),
    );
    expect(signIn).toContain("Sign in to track your orders</h1>");
    expect(signIn).toContain("Your 1 order is in the account of grace@example.com.");
    expect(signIn).not.toContain("First name");
    expect(signIn).toContain("Order DELIVERED3");

    const signInToAdd = await firstHtmlOf(
      createAccountPage({
        kind: "sign-in-to-add",
        email: "grace@example.com",
        orderCount: 2,
        orders: [],
      }),
    );
    expect(signInToAdd).toContain("Sign in to track your orders</h1>");
    expect(signInToAdd).toContain(
      "An account with grace@example.com exists. Sign in to add your 2 orders to it.",
    );
    expect(signInToAdd).toContain("sends a reset link to grace@example.com.");
    expect(signInToAdd).not.toContain("in the account of");
  });
});
