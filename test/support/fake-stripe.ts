/**
 * A local stand-in for the Stripe API, for tests: it records each request the SDK sends (method,
 * path, form-encoded parameters) and answers from objects the test puts in place. The built shop
 * reaches it through STRIPE_API_URL (`fake.url`).
 */
import { createServer, type IncomingMessage, type Server } from "node:http";

export interface RecordedRequest {
  method: string;
  path: string;
  /** Form parameters (body) or query parameters, keys as Stripe writes them: `a[b][0]`. */
  params: Record<string, string>;
  authorization: string | undefined;
  idempotencyKey: string | undefined;
}

/** An answer of Stripe's that is an error: its HTTP status and its `error` object. */
export class StripeErrorAnswer {
  constructor(
    readonly status: number,
    readonly error: { type: string; code?: string; message: string },
  ) {}
}

type Handler = (request: RecordedRequest) => unknown;

const missing = new StripeErrorAnswer(404, {
  type: "invalid_request_error",
  code: "resource_missing",
  message: "No such object",
});

export interface FakeStripe {
  api: { host: string; port: number; protocol: "http" };
  /** The same address as an origin, for STRIPE_API_URL. */
  url: string;
  requests: RecordedRequest[];
  /**
   * Answers `METHOD /path` (path without query) with the handler's object, or with an error when
   * it returns a StripeErrorAnswer.
   */
  on(method: string, path: string, handler: Handler): void;
  close(): Promise<void>;
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let body = "";
    request.setEncoding("utf8");
    request.on("data", (chunk: string) => {
      body += chunk;
    });
    request.on("end", () => resolve(body));
    request.on("error", reject);
  });
}

export async function startFakeStripe(): Promise<FakeStripe> {
  const handlers = new Map<string, Handler>();
  const requests: RecordedRequest[] = [];
  const server: Server = createServer(async (request, response) => {
    const url = new URL(request.url ?? "/", "http://localhost");
    const body = await readBody(request);
    const recorded: RecordedRequest = {
      method: request.method ?? "GET",
      path: url.pathname,
      params: Object.fromEntries(new URLSearchParams(body || url.search)),
      authorization: request.headers.authorization,
      idempotencyKey: request.headers["idempotency-key"]?.toString(),
    };
    requests.push(recorded);
    const handler = handlers.get(`${recorded.method} ${recorded.path}`);
    response.setHeader("Content-Type", "application/json");
    const answer = handler ? handler(recorded) : missing;
    if (answer instanceof StripeErrorAnswer) {
      response.statusCode = answer.status;
      response.end(JSON.stringify({ error: answer.error }));
      return;
    }
    response.end(JSON.stringify(answer));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return {
    api: { host: "127.0.0.1", port, protocol: "http" },
    url: `http://127.0.0.1:${port}`,
    requests,
    on(method, path, handler) {
      handlers.set(`${method} ${path}`, handler);
    },
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** A subscription as Stripe's API answers it: one item of `plan` with its price's product. */
export function stripeSubscription(options: {
  subscriptionId: string;
  customerId: string;
  subscriptionItemId: string;
  /** When the period paid for ends, in seconds: the next bill. */
  currentPeriodEnd: number;
  plan?: string;
  unitAmount?: number;
}) {
  const { subscriptionId, customerId, subscriptionItemId } = options;
  return {
    id: subscriptionId,
    object: "subscription",
    customer: customerId,
    status: "active",
    items: {
      object: "list",
      data: [
        {
          id: subscriptionItemId,
          object: "subscription_item",
          quantity: 1,
          current_period_end: options.currentPeriodEnd,
          price: {
            id: `price_${subscriptionItemId}`,
            object: "price",
            unit_amount: options.unitAmount ?? 4900,
            product: {
              id: `prod_${subscriptionItemId}`,
              object: "product",
              metadata: { itemId: options.plan ?? "everydayLuxury" },
            },
          },
        },
      ],
    },
  };
}

/** The address the tests ship to, as Stripe writes an address. */
export const stripeTestAddress = {
  line1: "12 Grove Street",
  line2: null,
  city: "Mountain View",
  state: "CA",
  postal_code: "94041",
  country: "US",
};
