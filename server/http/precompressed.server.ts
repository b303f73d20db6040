import { readdirSync } from "node:fs";
import path from "node:path";
import type { RequestHandler } from "express";

const encodings = [
  { name: "br", suffix: ".br" },
  { name: "gzip", suffix: ".gz" },
] as const;

/** The files below `root` (relative, with forward slashes); none when it does not exist. */
function listFiles(root: string): Set<string> {
  try {
    const files = readdirSync(root, { recursive: true, encoding: "utf8" });
    return new Set(files.map((file) => file.split(path.sep).join("/")));
  } catch {
    return new Set();
  }
}

/**
 * Points a request for a built file at the copy the build compressed ahead of time (`.br` or
 * `.gz`, see precompressedFiles in vite.config.ts) when the browser accepts that encoding, and
 * labels the response with the original's type. The static handler after it then sends that
 * copy, and `compression` leaves an already encoded response alone. The files are listed once
 * at start: a build replaces them only with a restart.
 */
export function precompressed(root: string): RequestHandler {
  const files = listFiles(root);
  return (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const file = req.path.slice(1);
    const available = encodings.filter(({ suffix }) => files.has(`${file}${suffix}`));
    if (available.length === 0) return next();
    res.vary("Accept-Encoding");
    // Brotli first whenever the browser takes it: browsers list gzip first, at the same weight.
    const encoding = available.find(({ name }) => req.acceptsEncodings(name) === name);
    if (!encoding) return next();
    res.type(path.extname(file));
    res.setHeader("Content-Encoding", encoding.name);
    req.url = `${req.path}${encoding.suffix}`;
    next();
  };
}
