// Completes package-lock.json with the platform packages a registry mirror may not serve.
//
// Some registries only hold the native binaries of the platforms they serve (here Linux x64
// glibc), so `npm install` leaves the other platforms' optional packages out of the lockfile,
// and `npm ci` then refuses the lockfile as out of sync. This adds an entry for each missing
// optional platform package, with the os/cpu/libc that make npm skip it on other machines.
// Run it after `npm install` changes the lockfile: `node scripts/complete-lockfile.mjs`.
import { readFileSync, writeFileSync } from "node:fs";

const lockPath = new URL("../package-lock.json", import.meta.url);
const lock = JSON.parse(readFileSync(lockPath, "utf8"));
const packages = lock.packages;

const osNames = [
  "android",
  "darwin",
  "freebsd",
  "linux",
  "openbsd",
  "openharmony",
  "sunos",
  "win32",
  "aix",
  "netbsd",
];
const cpuNames = [
  "arm64",
  "x64",
  "ia32",
  "arm",
  "loong64",
  "ppc64",
  "riscv64",
  "s390x",
  "wasm32",
  "mips64el",
];

/** '@rollup/rollup-linux-arm64-musl' → { os: ['linux'], cpu: ['arm64'], libc: ['musl'] } */
function platformOf(name) {
  const parts = name.split("/").pop().split("-");
  const os = parts.find((part) => osNames.includes(part));
  const cpu =
    parts.find((part) => cpuNames.includes(part)) ??
    (parts.includes("eabi") || parts.includes("gnueabihf") || parts.includes("musleabihf")
      ? "arm"
      : undefined);
  const wasm = parts.includes("wasm32");
  const libc = parts.some((part) => part.startsWith("musl"))
    ? "musl"
    : parts.includes("gnu") || parts.includes("gnueabihf")
      ? "glibc"
      : undefined;
  if (wasm) return { cpu: ["wasm32"] };
  if (!os || !cpu) return undefined;
  return { os: [os], cpu: [cpu], ...(libc && os === "linux" ? { libc: [libc] } : {}) };
}

function installPath(parentPath, name) {
  // npm hoists optional platform packages next to their parent's top-level location.
  const base = parentPath.includes("/node_modules/")
    ? parentPath.slice(0, parentPath.lastIndexOf("/node_modules/"))
    : "";
  return `${base ? `${base}/` : ""}node_modules/${name}`;
}

let added = 0;
for (const [path, entry] of Object.entries(packages)) {
  for (const [name, version] of Object.entries(entry.optionalDependencies ?? {})) {
    const target = installPath(path, name);
    if (packages[target] || packages[`node_modules/${name}`]) continue;
    const platform = platformOf(name);
    if (!platform) continue;
    packages[target] = {
      version,
      ...(entry.dev ? { dev: true } : {}),
      optional: true,
      ...platform,
    };
    added += 1;
  }
}

lock.packages = Object.fromEntries(
  Object.entries(packages).sort(([a], [b]) => (a === "" ? -1 : b === "" ? 1 : a.localeCompare(b))),
);
writeFileSync(lockPath, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`Added ${added} platform package entries to package-lock.json`);
