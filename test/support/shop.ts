import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { request as httpRequest, type IncomingHttpHeaders } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, beforeEach, vi } from "vitest";
import { cookieHeader } from "../../server/http/cookies.server";
import type { StartOptions } from "../../server/main/main.server";
import { projectPath } from "../../server/paths.server";
import { createTestDatabase, type TestDatabase, type TestEngine } from "./database";
import { freePort } from "./free-port";

/**
 * Stops `Date` (and nothing else, so database clients keep their timers) for a test that makes
 * several requests against a fixed-window rate limit: a window boundary crossed between two
 * requests would otherwise reset the counter halfway through. Undo with `vi.useRealTimers()`.
 */
export function freezeDate(at = new Date("2026-11-22T10:00:10Z")): void {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(at);
}

/** The AUTH_SECRET of the shops tests start: it signs their session cookies. */
export const testAuthSecret = "a-test-secret-that-is-long-enough-to-sign";

export interface RunningTestShop {
  /** The shop's address, also its PUBLIC_URL unless `env` named another. */
  url: string;
  database: TestDatabase;
  /** Stops the shop and deletes its database. */
  stop: () => Promise<void>;
}

/**
 * The built shop (`npx react-router build`), started in this process on a test database of its
 * own, so that a test drives it over HTTP exactly as deployed and reads its database directly.
 */
export async function startBuiltShop(
  engine: TestEngine,
  env: Record<string, string> = {},
  options: Pick<StartOptions, "logDestination"> & {
    /** A database another shop uses too, which the caller disposes of. */
    database?: TestDatabase;
  } = {},
): Promise<RunningTestShop> {
  const entry = projectPath("build/server/index.js");
  if (!existsSync(entry)) {
    throw new Error("These tests drive the built shop: run `npx react-router build` first");
  }
  const { startServer } = (await import(
    pathToFileURL(entry).href
  )) as typeof import("../../server/main/main.server");
  const database = options.database ?? (await createTestDatabase(engine));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const dataDir = await mkdtemp(path.join(tmpdir(), "shop-http-"));
  const running = await startServer({
    logDestination: options.logDestination,
    database,
    env: {
      NODE_ENV: "test",
      PORT: String(port),
      PUBLIC_URL: url,
      DATA_DIR: dataDir,
      AUTH_SECRET: testAuthSecret,
      LOG_LEVEL: process.env.TEST_SHOP_LOG_LEVEL ?? "silent",
      ...env,
    },
  });
  if (!running) throw new Error("The shop did not start: see its message above");
  return {
    url,
    database,
    stop: async () => {
      // The test is over: a connection whose answer it never read would otherwise hold the
      // shutdown for its whole grace period, as an unfinished request does.
      running.server.closeAllConnections();
      await running.stop();
      if (!options.database) await database.dispose();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

export interface PostOptions {
  /** The Cookie header to send. */
  cookie?: string;
  /** The client address, sent as X-Forwarded-For for a shop started with TRUST_PROXY=1. */
  from?: string;
  headers?: Record<string, string>;
}

/**
 * Requests to a running shop as a browser on its own pages would send them, from the address
 * `client` when given (for a shop started with TRUST_PROXY=1).
 */
export function shopClient(url: string, client?: string) {
  const headersFor = ({ cookie, from = client, headers }: PostOptions, contentType: string) => {
    const all = new Headers({ Origin: url, "Content-Type": contentType, ...headers });
    if (cookie) all.set("Cookie", cookie);
    if (from) all.set("X-Forwarded-For", from);
    return all;
  };
  return {
    /** A form post; redirects are not followed, so their cookies can be read. */
    postForm: (path: string, fields: Record<string, string>, options: PostOptions = {}) =>
      fetch(new URL(path, url), {
        method: "POST",
        headers: headersFor(options, "application/x-www-form-urlencoded"),
        body: new URLSearchParams(fields),
        redirect: "manual",
      }),
    /** Registers Ada Lovelace with `email`; the Cookie header of her new session. */
    register: async (email: string, options: PostOptions = {}) => {
      const fields = { firstName: "Ada", lastName: "Lovelace", email, password: "olive-grove-1" };
      const registered = await fetch(new URL("/register", url), {
        method: "POST",
        headers: headersFor(options, "application/x-www-form-urlencoded"),
        body: new URLSearchParams(fields),
        redirect: "manual",
      });
      return cookieHeader(registered.headers.getSetCookie());
    },
    /** A JSON post; a string body is sent as it is. */
    postJson: (path: string, body: unknown, options: PostOptions = {}) =>
      fetch(new URL(path, url), {
        method: "POST",
        headers: headersFor(options, "application/json"),
        body: typeof body === "string" ? body : JSON.stringify(body),
      }),
  };
}

export interface RawAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

/**
 * A request written by hand: whatever method and headers, and a whole `body`, or only a `partial`
 * one (a Content-Length the body never reaches, an unfinished chunked body). Resolves with the
 * answer as soon as it is complete, whether or not the shop read what was sent.
 */
export function rawRequest(
  url: string,
  options: {
    method: string;
    path: string;
    headers?: Record<string, string>;
    body?: string | Buffer;
    partial?: string;
    /** The address to send from: 127.0.0.0/8 gives each simulated client one of its own. */
    localAddress?: string;
  },
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      new URL(options.path, url),
      { method: options.method, headers: options.headers, localAddress: options.localAddress },
      (response) => {
        let body = "";
        response.setEncoding("utf8");
        // A server that dies while it answers resets the connection under the response itself.
        response.on("error", reject);
        response.on("data", (chunk: string) => {
          body += chunk;
        });
        response.on("end", () => {
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body });
          request.destroy();
        });
      },
    );
    request.on("error", reject);
    if (options.partial !== undefined) request.write(options.partial);
    else request.end(options.body);
  });
}

/** A built shop for a test file, and for each test a client from an address of its own. */
export interface ShopWithClientPerTest {
  readonly shop: RunningTestShop;
  readonly client: ReturnType<typeof shopClient>;
  /** The current test's client address, as `X-Forwarded-For` gives it. */
  readonly address: string;
}

/**
 * Starts the built shop behind one trusted proxy for the enclosing `describe`, stopped after it,
 * and gives each test a client from an address of its own: the per-address limits (sign-ins,
 * codes, lookups) that one test reaches never refuse the next.
 */
export function builtShopWithClientPerTest(engine: TestEngine): ShopWithClientPerTest {
  let shop: RunningTestShop | undefined;
  let tests = 0;
  const started = () => {
    if (!shop) throw new Error("The shop starts in beforeAll");
    return shop;
  };
  beforeAll(async () => {
    shop = await startBuiltShop(engine, { TRUST_PROXY: "1" });
  });
  beforeEach(() => {
    tests += 1;
  });
  afterAll(() => started().stop());
  const address = () => `192.0.2.${tests}`;
  return {
    get shop() {
      return started();
    },
    get address() {
      return address();
    },
    get client() {
      return shopClient(started().url, address());
    },
  };
}
