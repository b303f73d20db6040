import { readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { brotliCompress, gzip, constants as zlibConstants } from "node:zlib";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Plugin } from "vite";

const compressedTypes = /\.(js|css|svg|json)$/;

/**
 * Writes a Brotli (.br, highest quality) and a gzip (.gz) copy next to every script, stylesheet
 * and SVG of the browser build, for the server to send as they are (server/http/precompressed.server.ts):
 * smaller than what it could afford to compress on each request.
 */
function precompressedFiles(): Plugin {
  const brotli = promisify(brotliCompress);
  const gzipped = promisify(gzip);
  return {
    name: "precompressed-files",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "client",
    async writeBundle(options) {
      const outDir = options.dir ?? "build/client";
      const files = await readdir(outDir, { recursive: true });
      await Promise.all(
        files
          .filter((file) => compressedTypes.test(file) && !file.startsWith(".vite"))
          .map(async (file) => {
            const full = path.join(outDir, file);
            const content = await readFile(full);
            const br = await brotli(content, {
              params: {
                [zlibConstants.BROTLI_PARAM_QUALITY]: zlibConstants.BROTLI_MAX_QUALITY,
                [zlibConstants.BROTLI_PARAM_SIZE_HINT]: content.length,
              },
            });
            await writeFile(`${full}.br`, br);
            await writeFile(`${full}.gz`, await gzipped(content, { level: 9 }));
          }),
      );
    },
  };
}

export default defineConfig({
  environments: {
    client: {
      build: {
        // React Router preloads each page's modules itself.
        modulePreload: false,
        rollupOptions: {
          output: {
            // Every module that two or more pages load from the start travels in one chunk:
            // on a slow phone network a page then waits for a few files, not for dozens.
            // Parts loaded on demand (the drawer, the dialogs) keep chunks of their own.
            codeSplitting: {
              groups: [{ name: "shop", tags: ["$initial"], minShareCount: 2 }],
            },
          },
        },
      },
    },
    ssr: {
      build: {
        // The server bundle starts from the shop's own HTTP server, which imports the
        // React Router build, so that both share one database and one configuration.
        rollupOptions: { input: "./server/main/main.server.ts" },
      },
    },
  },
  plugins: [precompressedFiles(), tailwindcss(), reactRouter()],
  resolve: { tsconfigPaths: true },
});
