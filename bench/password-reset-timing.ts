// Whether a reset request takes about as long for an address with an account as for one
// without (embedded database). Run: npx tsx bench/password-reset-timing.ts
import { performance } from "node:perf_hooks";
import { requestPasswordReset } from "../server/auth/password-reset.server";
import { createTestShop, registerTestCustomer, shopRequest } from "../test/support/auth";

const rounds = Number(process.env.ROUNDS ?? 15);
const shop = await createTestShop("pglite");

async function timeRequest(email: string, round: number): Promise<number> {
  const services = shop.services(`192.0.2.${round}`);
  const started = performance.now();
  const outcome = await requestPasswordReset(services, shopRequest("/forgot-password"), email);
  if (!outcome.ok) throw new Error(outcome.error.message);
  return performance.now() - started;
}

const known: number[] = [];
const unknown: number[] = [];
for (let round = 0; round < rounds; round++) {
  const { user } = await registerTestCustomer(shop);
  known.push(await timeRequest(user.email, round));
  unknown.push(await timeRequest(`nobody-${round}@example.com`, 100 + round));
}
const mean = (samples: number[]) => samples.reduce((sum, value) => sum + value, 0) / samples.length;
const spread = (samples: number[]) =>
  `${Math.min(...samples).toFixed(1)}–${Math.max(...samples).toFixed(1)}`;
console.log(`account exists:  mean ${mean(known).toFixed(1)} ms, range ${spread(known)} ms`);
console.log(`no such account: mean ${mean(unknown).toFixed(1)} ms, range ${spread(unknown)} ms`);
await shop.dispose();
