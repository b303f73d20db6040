import { readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { brotliCompress, gzip, constants as zlibConstants } from "node:zlib";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Plugin } from "vite";

const rootRoute = path.resolve("app/root.tsx");

interface ModuleGraph {
  getModuleInfo: (id: string) => { isEntry: boolean; importers: readonly string[] } | null;
}

const everyPageLoads = new WeakMap<ModuleGraph, Map<string, boolean>>();

/**
 * Whether every page loads the module from the start: the root route imports it, directly or
 * through other modules. Answers are kept for the build's module graph.
 */
function loadedByEveryPage(id: string, graph: ModuleGraph): boolean {
  const known = everyPageLoads.get(graph) ?? new Map<string, boolean>();
  everyPageLoads.set(graph, known);
  const answer = known.get(id);
  if (answer !== undefined) return answer;
  known.set(id, false); // while its importers are asked, in case the graph leads back here
  const info = graph.getModuleInfo(id);
  const found =
    info !== null &&
    ((info.isEntry && id.split("?")[0] === rootRoute) ||
      info.importers.some((importer) => loadedByEveryPage(importer, graph)));
  known.set(id, found);
  return found;
}

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
        // A part loaded on demand (a dialog, the checkout's code) asks for the files it imports at once,
        // not one after the other: on a slow network each round trip costs half a second.
        // Browsers without module preloading wait for each file as before.
        modulePreload: { polyfill: false },
        rollupOptions: {
          output: {
            // On a slow phone network a page should wait for a few files, not for dozens, and
            // for no code only other pages use. What every page loads (the root route's modules
            // and all they import, React and React Router included) travels in one chunk; the
            // storefront's building blocks, which the shop's pages share in many combinations,
            // in a second. Each page's own parts and the parts loaded on demand (the dialogs, the
            // checkout's code, the forms' rules) keep chunks of their own.
            codeSplitting: {
              groups: [
                {
                  name: (id, graph) =>
                    !graph.getModuleInfo(id)?.isEntry && loadedByEveryPage(id, graph)
                      ? "shop"
                      : null,
                },
                {
                  name: "storefront",
                  tags: ["$initial"],
                  test: /\/app\/components\/(storefront|layout)\//,
                },
              ],
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
