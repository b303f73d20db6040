import type { PromotionSeed } from "./types.server";

export const demoPromotions: PromotionSeed[] = [
  { code: "WELCOME10", active: true, percentOff: 10, amountOffCents: null },
  { code: "TAKE5", active: true, percentOff: null, amountOffCents: 500 },
  { code: "OLDCODE", active: false, percentOff: 20, amountOffCents: null },
  // A ready soft-launch promotion: start with SOFT_LAUNCH_CODE=MOTHERSDAY10 to show its modal.
  { code: "MOTHERSDAY10", active: true, percentOff: 10, amountOffCents: null },
  // The offers of the influencer pages.
  { code: "MARIA15", active: true, percentOff: 15, amountOffCents: null },
  { code: "CARTER10", active: true, percentOff: 10, amountOffCents: null },
  { code: "AYLIN5", active: true, percentOff: null, amountOffCents: 500 },
];
