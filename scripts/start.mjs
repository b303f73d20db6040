// `npm start`: serves the built shop, building it first only when there is no build or the
// sources are newer than it. A build goes into a folder of its own under `.builds/`, and
// `build` (a symbolic link) is pointed at it in one rename: a shop already running keeps the
// folder it started from, and two starts at the same moment both come up.
import { spawnSync } from "node:child_process";
import {
  existsSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
  symlinkSync,
} from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const buildLink = path.join(root, "build");
const buildsDir = path.join(root, ".builds");
const sources = [
  "core",
  "app",
  "server",
  "public",
  "server.js",
  "package-lock.json",
  "vite.config.ts",
  "react-router.config.ts",
  "tsconfig.json",
];
/** Earlier builds stay this long, for shops still running from them. */
const keepEarlierBuildsMs = 60 * 60 * 1000;

function newestChange(file) {
  if (!existsSync(file)) return 0;
  const stats = statSync(file);
  if (!stats.isDirectory()) return stats.mtimeMs;
  return readdirSync(file).reduce(
    (newest, entry) => Math.max(newest, newestChange(path.join(file, entry))),
    stats.mtimeMs,
  );
}

function builtAt() {
  const entry = path.join(buildLink, "server", "index.js");
  return existsSync(entry) ? statSync(entry).mtimeMs : 0;
}

function isStale() {
  const sourcesChanged = Math.max(
    ...sources.map((source) => newestChange(path.join(root, source))),
  );
  return sourcesChanged > builtAt();
}

/** Builds into a new folder, then points `build` at it with one atomic rename. */
function buildAside() {
  mkdirSync(buildsDir, { recursive: true });
  const name = `${Date.now()}-${process.pid}`;
  const target = path.join(buildsDir, name);
  const built = spawnSync(path.join(root, "node_modules", ".bin", "react-router"), ["build"], {
    cwd: root,
    stdio: "inherit",
    env: { ...process.env, SHOP_BUILD_DIR: path.relative(root, target) },
  });
  if (built.status !== 0) process.exit(built.status ?? 1);
  // A build made by `npm run build` is a folder: it is kept aside, as any earlier build.
  if (existsSync(buildLink) && !lstatSync(buildLink).isSymbolicLink()) {
    renameSync(buildLink, path.join(buildsDir, `${name}-earlier`));
  }
  const nextLink = path.join(root, `build.next-${process.pid}`);
  symlinkSync(path.relative(root, target), nextLink);
  renameSync(nextLink, buildLink);
}

function pruneEarlierBuilds() {
  if (!existsSync(buildsDir)) return;
  const current = existsSync(buildLink) ? statSync(buildLink).ino : null;
  for (const name of readdirSync(buildsDir)) {
    const folder = path.join(buildsDir, name);
    const stats = statSync(folder);
    if (stats.ino !== current && Date.now() - stats.mtimeMs > keepEarlierBuildsMs) {
      rmSync(folder, { recursive: true, force: true });
    }
  }
}

if (isStale()) buildAside();
pruneEarlierBuilds();
// `--build-only`: the same fresh build for tools that start the shop themselves (npm run cluster).
if (!process.argv.includes("--build-only")) await import(path.join(root, "server.js"));
