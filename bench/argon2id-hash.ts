// How long one password hash takes with the shop's argon2id settings (19 MiB, 2 passes, one
// lane), and how long a check of that hash takes. Run: npx tsx bench/argon2id-hash.ts
import { performance } from "node:perf_hooks";
import {
  hashPassword,
  passwordHashOptions,
  verifyPassword,
} from "../server/auth/password-hashing.server";

const rounds = Number(process.env.ROUNDS ?? 30);

function summary(label: string, samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  const mean = sorted.reduce((sum, value) => sum + value, 0) / sorted.length;
  console.log(
    `${label}: mean ${mean.toFixed(1)} ms, median ${at(0.5).toFixed(1)} ms, p95 ${at(0.95).toFixed(1)} ms (${sorted.length} runs)`,
  );
}

await hashPassword("warm-up-password");
const hashes: number[] = [];
const checks: number[] = [];
for (let i = 0; i < rounds; i++) {
  const password = `olive-grove-${i}`;
  let started = performance.now();
  const hash = await hashPassword(password);
  hashes.push(performance.now() - started);
  started = performance.now();
  if (!(await verifyPassword({ hash, password }))) throw new Error("the hash does not verify");
  checks.push(performance.now() - started);
}
console.log(
  `argon2id m=${passwordHashOptions.memoryCost} KiB, t=${passwordHashOptions.timeCost}, p=${passwordHashOptions.parallelism}, Node ${process.version}`,
);
summary("hash", hashes);
summary("verify", checks);
