/**
 * A local stand-in for the Stripe API, for tests: it records each request the SDK sends (method,
 * path, form-encoded parameters) and answers from objects the test puts in place.
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

type Handler = (request: RecordedRequest) => unknown;

export interface FakeStripe {
  api: { host: string; port: number; protocol: "http" };
  requests: RecordedRequest[];
  /** Answers `METHOD /path` (path without query) with the handler's object. */
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
    if (!handler) {
      response.statusCode = 404;
      response.end(
        JSON.stringify({
          error: {
            type: "invalid_request_error",
            code: "resource_missing",
            message: "No such object",
          },
        }),
      );
      return;
    }
    response.end(JSON.stringify(handler(recorded)));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return {
    api: { host: "127.0.0.1", port, protocol: "http" },
    requests,
    on(method, path, handler) {
      handlers.set(`${method} ${path}`, handler);
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
