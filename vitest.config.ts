import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    // Test files run one after another in each worker's process, sharing its loaded modules,
    // instead of each in a fresh process: loading the modules again was most of a file's time.
    // A file undoes what it changes of the process (fake timers, spies) itself.
    isolate: false,
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: [
            "core/**/*.test.ts",
            "app/**/*.test.{ts,tsx}",
            "server/**/*.test.{ts,tsx}",
            "scripts/**/*.test.ts",
          ],
          exclude: ["**/*.int.test.{ts,tsx}", "node_modules/**"],
          environment: "node",
        },
      },
      {
        extends: true,
        test: {
          name: "integration",
          include: ["server/**/*.int.test.{ts,tsx}", "scripts/**/*.int.test.ts"],
          globalSetup: ["test/support/integration-global-setup.ts"],
          environment: "node",
          // The built shop is imported by Node itself, as in production: it must share
          // react-router with @react-router/express.
          server: { deps: { external: [/\/build\/server\//] } },
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Ceilings, not waits: what a test polls for (a mail sent, a job done) may take seconds
          // on a busy machine, where Vitest's default gives up after one.
          expect: { poll: { timeout: 20_000 } },
          // Each file has databases of its own, and much of a file's time is spent waiting on
          // servers it started: one file per core, where Vitest's default leaves a core free.
          maxWorkers: "100%",
        },
      },
    ],
  },
});
