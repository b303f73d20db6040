import { defineConfig, devices } from "@playwright/test";

const chromiumPath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export default defineConfig({
  testDir: "./e2e",
  globalSetup: "./e2e/support/global-setup.ts",
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  // A journey that fails once in CI runs again and is reported as flaky: a flaky journey is a
  // bug to find, but not a reason to throw the run away.
  retries: process.env.CI ? 1 : 0,
  workers: 3,
  reporter: "list",
  // Ceilings, not waits: a slow or busy machine takes longer, a passing step returns at once.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: process.env.E2E_BASE_URL,
    trace: "on-first-retry",
    launchOptions: {
      executablePath: chromiumPath,
      args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-quic"],
    },
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"] } }],
});
