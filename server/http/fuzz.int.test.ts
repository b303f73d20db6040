/**
 * Random requests to every route of the route table (so that a new route is covered without a
 * change here): methods, paths with odd parameters, queries, content types, bodies of every
 * shape and size, unicode and null bytes. None may be answered with a 5xx, and none may change
 * what the database holds beyond the rate-limit counters every request may count against.
 */
import type { RouteConfigEntry } from "@react-router/dev/routes";
import { sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import routes from "../../app/routes";
import { testEngines } from "../../test/support/database";
import {
  type RunningTestShop,
  rawRequest,
  shopClient,
  startBuiltShop,
} from "../../test/support/shop";
import { makeVerifiedStaff } from "../../test/support/staff";
import type { Database } from "../db/client.server";
import { auditLog } from "../db/schema.server";

const runsPerEngine = Number(process.env.FUZZ_RUNS ?? 3000);
/**
 * Each property stops sending here even before its number of runs (a busy machine sends fewer),
 * leaving its checks after the requests time within the test's limit.
 */
const timeLimitMs = 20_000;

/** Tables whose rows a refused request may still change: the counters of the rate limits. */
const countingTables = new Set(["request_counter", "rate_limit"]);

/** Every URL pattern of the route table, nested routes included. */
function routePatterns(entries: RouteConfigEntry[], parent = ""): string[] {
  return entries.flatMap((entry) => {
    const path = entry.index ? parent : [parent, entry.path ?? ""].filter(Boolean).join("/");
    return [`/${path}`, ...routePatterns(entry.children ?? [], path)];
  });
}

const oddText = fc.oneof(
  fc.string({ unit: "grapheme", maxLength: 40 }),
  fc.string({ unit: "binary", maxLength: 40 }),
  fc.constantFrom("\u0000", "%00", "%C3%28", "..%2F..%2Fetc%2Fpasswd", "<script>", "' or 1=1--"),
  fc.constantFrom("luxe", "maria-papadopoulos", "WELCOME10", "orders", "1"),
);

/** A path segment: percent-encoded as a client must send it, or raw escapes left as typed. */
const segment = oddText.map((text) => (/^[%\w.-]*$/.test(text) ? text : encodeURIComponent(text)));

const fieldNames = [
  "email",
  "password",
  "firstName",
  "lastName",
  "intent",
  "itemId",
  "quantity",
  "accessCode",
  "kind",
  "returnTo",
  "redirectTo",
  "promoCode",
  "guestId",
  "sessionId",
  "cardNumber",
  "__proto__",
];
const fields = fc.dictionary(fc.oneof(fc.constantFrom(...fieldNames), oddText), oddText, {
  maxKeys: 6,
});

const body = fc.oneof(
  fields.map((values) => new URLSearchParams(values).toString()),
  fc.jsonValue().map((value) => JSON.stringify(value)),
  fields.map((values) => JSON.stringify(values)),
  oddText,
  fc.integer({ min: 1, max: 120 }).map((kilobytes) => "a=".padEnd(kilobytes * 1024, "x")),
  fc.constant('--x\r\nContent-Disposition: form-data; name="a"\r\n\r\nb\r\n'),
);

const contentType = fc.constantFrom(
  "application/x-www-form-urlencoded",
  "application/json",
  "multipart/form-data; boundary=x",
  "multipart/form-data",
  "text/plain",
  "application/xml",
  undefined,
);

const requestArbitrary = (patterns: string[]) =>
  fc.record({
    method: fc.constantFrom("GET", "POST", "POST", "POST", "HEAD", "PUT", "DELETE", "OPTIONS"),
    pattern: fc.constantFrom(...patterns),
    params: fc.array(segment, { minLength: 3, maxLength: 3 }),
    query: fc.option(fields.map((values) => new URLSearchParams(values).toString())),
    contentType,
    body,
    origin: fc.constantFrom("own", "own", "none", "https://elsewhere.example"),
    cookie: fc.option(fc.constantFrom("shop.session_token=forged", "access=e30.abc", "promo=%00")),
  });

type FuzzRequest = ReturnType<typeof requestArbitrary> extends fc.Arbitrary<infer T> ? T : never;

function pathOf({ pattern, params, query }: FuzzRequest): string {
  let index = 0;
  const path = pattern.replace(/:\w+\??|\*/g, () => params[index++ % params.length] ?? "x");
  return query ? `${path}?${query}` : path;
}

function headersOf(request: FuzzRequest, url: string): Record<string, string> {
  const headers: Record<string, string> = {};
  if (request.contentType) headers["Content-Type"] = request.contentType;
  if (request.origin !== "none") headers.Origin = request.origin === "own" ? url : request.origin;
  if (request.cookie) headers.Cookie = request.cookie;
  return headers;
}

/** The rows of a raw query's result, as both engines' drivers return them. */
function rowsOf<T>(result: unknown, row: z.ZodType<T>): T[] {
  return z.object({ rows: z.array(row) }).parse(result).rows;
}

/** A fingerprint of every table's rows but the counters'. */
async function databaseFingerprint(db: Database): Promise<Record<string, string>> {
  const tables = rowsOf(
    await db.execute(
      sql`select table_name as name from information_schema.tables
          where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
    ),
    z.object({ name: z.string() }),
  );
  const fingerprint: Record<string, string> = {};
  for (const { name } of tables) {
    if (countingTables.has(name)) continue;
    const [row] = rowsOf(
      await db.execute(
        sql`select md5(string_agg(t::text, '|' order by t::text)) as digest from ${sql.identifier(name)} t`,
      ),
      z.object({ digest: z.string().nullable() }),
    );
    fingerprint[name] = row?.digest ?? "empty";
  }
  return fingerprint;
}

/** What is wrong with an answer: a server error, or a 429 that does not say when to retry. */
function answerProblem(answer: {
  status: number;
  headers: Record<string, unknown>;
}): string | null {
  if (answer.status >= 500) return String(answer.status);
  if (answer.status === 429 && !answer.headers["retry-after"]) return "429 without Retry-After";
  return null;
}

describe.each(testEngines)("random requests to every route on %s", (engine) => {
  let shop: RunningTestShop;

  beforeAll(async () => {
    shop = await startBuiltShop(engine, { TRUST_PROXY: "1" });
  });
  afterAll(() => shop.stop());

  it("are never answered with a 5xx, every 429 says when to retry, and nothing changes in the database", async () => {
    const patterns = [...new Set(routePatterns(routes))];
    const before = await databaseFingerprint(shop.database.db);
    const serverErrors: string[] = [];
    let sent = 0;
    let client = 0;
    await fc.assert(
      fc.asyncProperty(requestArbitrary(patterns), async (request) => {
        sent++;
        const path = pathOf(request);
        const answer = await rawRequest(shop.url, {
          method: request.method,
          path,
          // Each request speaks as a client of its own, so that rate limits do not hide a route.
          headers: {
            ...headersOf(request, shop.url),
            "X-Forwarded-For": `10.${client++ % 250}.0.1`,
          },
          body: ["GET", "HEAD"].includes(request.method) ? undefined : request.body,
        });
        const problem = answerProblem(answer);
        if (problem) serverErrors.push(`${problem}: ${request.method} ${path}`);
        return problem === null;
      }),
      { numRuns: runsPerEngine, interruptAfterTimeLimit: timeLimitMs, endOnFailure: true },
    );
    console.info(
      `${engine}: ${sent} random requests to ${patterns.length} routes, ${serverErrors.length} answered 5xx`,
    );
    expect(serverErrors).toEqual([]);
    expect(await databaseFingerprint(shop.database.db)).toEqual(before);
  });
});

/** Days sent to a back-office filter: every day of four centuries, the edges, and no day at all. */
const filterDay = fc.oneof(
  fc
    .date({ min: new Date("1900-01-01T00:00:00Z"), max: new Date("2200-12-31T00:00:00Z") })
    .filter((date) => !Number.isNaN(date.getTime()))
    .map((date) => date.toISOString().slice(0, 10)),
  fc.constantFrom(
    "9999-12-31",
    "0000-01-01",
    "1999-12-31",
    "2000-01-01",
    "2100-12-31",
    "2101-01-01",
    "2026-02-30",
    "2026-13-01",
    "+275760-09-13",
    "-000001-01-01",
    "2026-11-25T23:00",
    " 2026-11-25 ",
  ),
  oddText,
);

/** The back office's pages and download that filter by days. */
const datedPaths = [
  "/admin/orders",
  "/admin/orders.data",
  "/admin/audit",
  "/admin/audit.data",
  "/admin/orders.csv",
];

/** Whether a filter may use `text` as a day, by the calendar: blank is no day, not a wrong one. */
function isUsableDay(text: string): boolean {
  const day = text.trim();
  if (day === "") return true;
  const parsed = new Date(`${day}T00:00:00Z`);
  return (
    /^\d{4}-\d{2}-\d{2}$/.test(day) &&
    !Number.isNaN(parsed.getTime()) &&
    parsed.toISOString().slice(0, 10) === day &&
    day >= "2000-01-01" &&
    day <= "2100-12-31"
  );
}

describe.each(testEngines)("random days in the back office's filters on %s", (engine) => {
  let shop: RunningTestShop;
  let staff: string;

  beforeAll(async () => {
    shop = await startBuiltShop(engine);
    staff = await shopClient(shop.url).register("fuzz.clerk@example.com");
    await makeVerifiedStaff(shop.database.db, "fuzz.clerk@example.com");
  }, 90_000);
  afterAll(() => shop.stop());

  it("are answered 200 or 400, never 5xx, and a refused export records nothing", async () => {
    const problems: string[] = [];
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          path: fc.constantFrom(...datedPaths),
          from: fc.option(filterDay),
          to: fc.option(filterDay),
          others: fc.option(fields),
        }),
        async ({ path, from, to, others }) => {
          const query = new URLSearchParams(others ?? {});
          query.delete("from");
          query.delete("to");
          // A shopper's `?promoCode=` link has a lookup limit of its own, answered 429 past it.
          query.delete("promoCode");
          if (from !== null) query.set("from", from);
          if (to !== null) query.set("to", to);
          const usable = [from, to].every((day) => day === null || isUsableDay(day));
          // The pipeline refuses a query holding a null byte before any route reads it.
          const readable = !query.toString().includes("%00");
          const recordedBefore = await shop.database.db.$count(auditLog);
          const target = `${path}?${query}`;
          const answer = await rawRequest(shop.url, {
            method: "GET",
            path: target,
            headers: { Cookie: staff },
          });
          const recorded = (await shop.database.db.$count(auditLog)) - recordedBefore;
          const expected = usable && readable ? 200 : 400;
          const exported = path.endsWith(".csv") && answer.status === 200 ? 1 : 0;
          if (answer.status !== expected || recorded !== exported) {
            problems.push(`${answer.status}, ${recorded} audit rows: GET ${target}`);
          }
          return true;
        },
      ),
      {
        numRuns: Number(process.env.FUZZ_DATE_RUNS ?? 300),
        interruptAfterTimeLimit: timeLimitMs,
      },
    );
    expect(problems).toEqual([]);
  });
});
