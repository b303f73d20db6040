// Starts the shop. Production: the build made by `npm run build`.
// Development (NODE_ENV=development): Vite serves the app with hot reload.
import { existsSync } from "node:fs";

const development = process.env.NODE_ENV === "development";

async function startDevelopment() {
  const { createServer } = await import("vite");
  const vite = await createServer({ server: { middlewareMode: true }, appType: "custom" });
  const { startServer } = await vite.ssrLoadModule("/server/main/main.server.ts");
  await startServer({
    dev: {
      middleware: vite.middlewares,
      build: () => vite.ssrLoadModule("virtual:react-router/server-build"),
      close: () => vite.close(),
    },
  });
}

async function startProduction() {
  const entry = new URL("./build/server/index.js", import.meta.url);
  if (!existsSync(entry)) {
    process.stderr.write("No build found: run `npm run build` first (or `npm start`).\n");
    process.exit(1);
  }
  const { startServer } = await import(entry.href);
  await startServer();
}

await (development ? startDevelopment() : startProduction());
