import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliCompressSync, gzipSync } from "node:zlib";
import compression from "compression";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { precompressed } from "./precompressed.server";

const script = `export const greeting = "${"olive oil ".repeat(400)}";\n`;
const brotliCopy = brotliCompressSync(script);
const gzipCopy = gzipSync(script, { level: 9 });
let dir: string;
let server: Server;
let base: string;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), "precompressed-"));
  writeFileSync(path.join(dir, "app.js"), script);
  writeFileSync(path.join(dir, "app.js.br"), brotliCopy);
  writeFileSync(path.join(dir, "app.js.gz"), gzipCopy);
  writeFileSync(path.join(dir, "photo.png"), Buffer.alloc(2048, 1));
  const app = express();
  app.use(compression());
  app.use("/assets", precompressed(dir), express.static(dir));
  server = await new Promise<Server>((resolve) => {
    const listening = app.listen(0, () => resolve(listening));
  });
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => {
  server.close();
  rmSync(dir, { recursive: true, force: true });
});

const get = (file: string, acceptEncoding: string) =>
  fetch(`${base}/assets/${file}`, { headers: { "Accept-Encoding": acceptEncoding } });

describe("precompressed files", () => {
  it("sends the Brotli copy to a browser that accepts it, typed as the original", async () => {
    const response = await get("app.js", "gzip, deflate, br");
    expect(response.headers.get("content-encoding")).toBe("br");
    expect(response.headers.get("content-length")).toBe(String(brotliCopy.length));
    expect(response.headers.get("content-type")).toMatch(/^text\/javascript/);
    expect(response.headers.get("vary")).toContain("Accept-Encoding");
    expect(await response.text()).toBe(script);
  });

  it("sends the gzip copy when Brotli is not accepted", async () => {
    for (const accepted of ["gzip", "br;q=0, gzip"]) {
      const response = await get("app.js", accepted);
      expect(response.headers.get("content-encoding")).toBe("gzip");
      expect(response.headers.get("content-length")).toBe(String(gzipCopy.length));
      expect(await response.text()).toBe(script);
    }
  });

  it("sends the original to a client that accepts no encoding", async () => {
    const response = await get("app.js", "identity");
    expect(response.headers.get("content-encoding")).toBeNull();
    expect(response.headers.get("content-length")).toBe(String(Buffer.byteLength(script)));
    expect(await response.text()).toBe(script);
  });

  it("leaves files without compressed copies, and unknown files, to the static handler", async () => {
    const photo = await get("photo.png", "br");
    expect(photo.status).toBe(200);
    expect(photo.headers.get("content-encoding")).toBeNull();
    expect((await get("missing.js", "br")).status).toBe(404);
  });
});
