// `npm test`: lint, then the type check, the unit tests and the build at once, then the
// integration tests (beside the type check, when it has not ended yet), then the browser
// journeys. Without Chromium the journeys are skipped with a loud notice, except under CI=true.
import { spawn, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

const bin = (name) => `node_modules/.bin/${name}`;
// The journeys prefer Chromium's headless shell (Debian's `chromium-headless-shell`): the same
// engine without the browser's window layer, for less CPU per journey on a small machine.
const chromium = [
  process.env.CHROMIUM_PATH,
  "/usr/bin/chromium-headless-shell",
  "/usr/bin/chromium",
].find((candidate) => candidate && existsSync(candidate));
const inCi = process.env.CI === "true";

// The type check, the unit tests and the build read the sources and nothing the others write:
// they run at once, each on a core while another waits. The type check takes longer than the
// other two and nothing waits for it: it goes on beside the integration tests, which leave the
// cores partly idle while they wait on the shops and databases they start.
const typeCheck = ["types", bin("tsc"), ["--noEmit"]];
const checks = [
  ["unit", bin("vitest"), ["run", "--project", "unit"]],
  // Integration tests and journeys drive the built shop over HTTP.
  ["build", bin("react-router"), ["build"]],
];

/** How long a step took since `startedAt` (a `performance.now()`), as "12.3 s". */
const tookSince = (startedAt) => `${((performance.now() - startedAt) / 1000).toFixed(1)} s`;

function run(label, command, args) {
  process.stdout.write(`\n▶ ${label}: ${command} ${args.join(" ")}\n`);
  const startedAt = performance.now();
  const result = spawnSync(command, args, { stdio: "inherit" });
  if (result.status !== 0) {
    process.stderr.write(`\n✖ ${label} failed after ${tookSince(startedAt)}\n`);
    process.exit(result.status ?? 1);
  }
  process.stdout.write(`\n◀ ${label}: ${tookSince(startedAt)}\n`);
}

/** Starts a step beside others; its output is written in one piece when it ends. */
function runBeside(label, command, args) {
  const startedAt = performance.now();
  const child = spawn(command, args, { stdio: ["ignore", "pipe", "pipe"] });
  const output = [];
  child.stdout.on("data", (chunk) => output.push(chunk));
  child.stderr.on("data", (chunk) => output.push(chunk));
  return new Promise((resolve) => {
    child.on("close", (code) => {
      process.stdout.write(
        `\n▶ ${label}: ${command} ${args.join(" ")}\n${Buffer.concat(output)}\n◀ ${label}: ${tookSince(startedAt)}\n`,
      );
      resolve({ label, passed: code === 0 });
    });
  });
}

function banner(lines) {
  const width = Math.max(...lines.map((line) => line.length)) + 4;
  const edge = "!".repeat(width);
  process.stderr.write(
    `\n${edge}\n${lines.map((line) => `! ${line.padEnd(width - 4)} !`).join("\n")}\n${edge}\n`,
  );
}

run("lint", bin("biome"), ["ci", "."]);
run("types", bin("react-router"), ["typegen"]);
const typesChecked = runBeside(...typeCheck);
const failed = (await Promise.all(checks.map((check) => runBeside(...check)))).filter(
  (check) => !check.passed,
);
for (const { label } of failed) process.stderr.write(`\n✖ ${label} failed\n`);
if (failed.length > 0) process.exit(1);

run("integration", bin("vitest"), ["run", "--project", "integration"]);
if (!(await typesChecked).passed) {
  process.stderr.write("\n✖ types failed\n");
  process.exit(1);
}
if (chromium) {
  process.env.CHROMIUM_PATH = chromium;
  run("e2e", bin("playwright"), ["test"]);
} else if (inCi) {
  banner(["Chromium is missing at /usr/bin/chromium: CI requires the browser journeys."]);
  process.exit(1);
} else {
  banner([
    "Chromium was not found at /usr/bin/chromium: the browser journeys (e2e) were SKIPPED.",
    "Install it with: apt-get install -y chromium (or set CHROMIUM_PATH).",
  ]);
}
process.stdout.write(`\n✔ all checks passed in ${tookSince(0)}\n`);
