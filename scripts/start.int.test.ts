// `npm start` in a copy of the project: two starts at once both come up, a start on a fresh
// build does not build again, and a shop keeps serving its own files while another start builds.
import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import {
  cpSync,
  lstatSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  symlinkSync,
  utimesSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "../test/support/free-port";

const root = path.resolve(import.meta.dirname, "..");
const copied = [
  "core",
  "app",
  "server",
  "public",
  "scripts",
  "server.js",
  "package.json",
  "package-lock.json",
  "vite.config.ts",
  "react-router.config.ts",
  "tsconfig.json",
];

interface Started {
  url: string;
  process: ChildProcess;
}

/** A ceiling, not a wait: a build and first starts, while other test files run beside them. */
const buildCeilingMs = 90_000;

let project: string;
const running: Started[] = [];

async function start(): Promise<Started> {
  const port = await freePort();
  const child = spawn(process.execPath, ["scripts/start.mjs"], {
    cwd: project,
    env: {
      PATH: process.env.PATH,
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: mkdtempSync(path.join(tmpdir(), "shop-start-data-")),
      LOG_LEVEL: "warn",
    },
    stdio: ["ignore", "ignore", "inherit", "ipc"],
  });
  const started = { url: `http://127.0.0.1:${port}`, process: child };
  running.push(started);
  const [message] = await Promise.race([
    once(child, "message"),
    once(child, "exit").then(() => {
      throw new Error("npm start exited before it listened");
    }),
  ]);
  expect(message).toBe("listening");
  return started;
}

const builds = () => readdirSync(path.join(project, ".builds")).sort();

async function firstScriptOf(shop: Started): Promise<string> {
  const html = await (await fetch(`${shop.url}/`)).text();
  const script = /\/assets\/[\w.-]+\.js/.exec(html)?.[0];
  if (!script) throw new Error("the page names no script");
  return script;
}

describe("npm start", () => {
  beforeAll(() => {
    project = mkdtempSync(path.join(tmpdir(), "shop-start-"));
    for (const entry of copied)
      cpSync(path.join(root, entry), path.join(project, entry), { recursive: true });
    symlinkSync(path.join(root, "node_modules"), path.join(project, "node_modules"));
  });

  afterAll(async () => {
    for (const shop of running) {
      shop.process.kill("SIGTERM");
      if (shop.process.exitCode === null) await once(shop.process, "exit");
    }
    rmSync(project, { recursive: true, force: true });
  });

  it("starts twice at once, both serving", { timeout: buildCeilingMs }, async () => {
    const [first, second] = await Promise.all([start(), start()]);
    for (const shop of [first, second]) {
      expect((await fetch(`${shop.url}/healthz`)).status).toBe(200);
    }
    expect(lstatSync(path.join(project, "build")).isSymbolicLink()).toBe(true);
  });

  it("does not build again when the build is newer than the sources", async () => {
    const before = builds();
    const third = await start();
    expect((await fetch(`${third.url}/healthz`)).status).toBe(200);
    expect(builds()).toEqual(before);
  });

  it("builds again after a change, and a running shop keeps serving its own files", {
    timeout: buildCeilingMs,
  }, async () => {
    const [first] = running;
    if (!first) throw new Error("no shop running");
    const script = await firstScriptOf(first);
    const changed = new Date(Date.now() + 1000);
    utimesSync(path.join(project, "app", "root.tsx"), changed, changed);
    const before = builds();
    await start();
    expect(builds().length).toBeGreaterThan(before.length);
    expect((await fetch(`${first.url}${script}`)).status).toBe(200);
  });
});
