import { readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { brotliCompress, gzip, constants as zlibConstants } from "node:zlib";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Plugin } from "vite";

/**
 * react-router's package exports only its development build, which keeps its warnings. The
 * browser bundle takes the production build instead (the same code with the warnings off);
 * the server keeps resolving the package as Node does, so it shares one copy with
 * @react-router/express.
 */
function reactRouterProductionBuild(): Plugin {
  const builds: Record<string, string> = {
    "react-router": "index.mjs",
    "react-router/dom": "dom-export.mjs",
  };
  return {
    name: "react-router-production-build",
    enforce: "pre",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "client",
    resolveId(source) {
      const file = builds[source];
      if (!file) return null;
      return fileURLToPath(
        new URL(`./node_modules/react-router/dist/production/${file}`, import.meta.url),
      );
    },
  };
}

/**
 * Vite wraps every `import()` of the browser build in a helper that first loads the CSS and
 * modules the imported chunk depends on. With `modulePreload` off and one stylesheet for the
 * whole shop, every such list is empty, and the helper (about 0.7 KB gzip on every page) only
 * calls the import. It is replaced by that call; the build fails if a dynamic import ever
 * gets dependencies to load, so that nothing is silently skipped.
 */
function plainDynamicImports(): Plugin {
  const helperId = "\0vite/preload-helper.js";
  return {
    name: "plain-dynamic-imports",
    enforce: "pre",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "client",
    resolveId: (source) => (source === helperId ? helperId : null),
    load: (id) =>
      id === helperId ? "export const __vitePreload = (importModule) => importModule();" : null,
    // After Vite has written the dependency lists into the chunks.
    writeBundle(_options, bundle) {
      for (const output of Object.values(bundle)) {
        if (output.type === "chunk" && output.code.includes("__vite__mapDeps")) {
          this.error(`${output.fileName} preloads dependencies that the plain import() skips`);
        }
      }
    },
  };
}

const compressedTypes = /\.(js|css|svg|json)$/;

/**
 * Writes a Brotli (.br, highest quality) and a gzip (.gz) copy next to every script, stylesheet
 * and SVG of the browser build, for the server to send as they are (server/http/precompressed.ts):
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

/**
 * Fewer, larger chunks mean fewer requests before the first paint. Modules every storefront page
 * needs (the cart, prices, the layout, the blocks most pages share) go into one chunk; the
 * blocks of the other shop pages into a second; the access modals into a third, loaded only
 * when a modal opens. The drawer and the sign-in dialog (with the form kit and the modal) load
 * on demand. A group takes the modules its modules import too, unless an earlier group took
 * them.
 */
const storefrontChunk = new RegExp(
  [
    "/app/root\\.tsx",
    "/app/core/(catalog|cart|pricing|money)\\.",
    "/app/components/layout/(?!Footer\\.|BottomCta\\.)",
    "/app/components/alerts/SuccessAlert\\.",
    "/app/components/analytics/(track|usePageViews)\\.",
    "/app/components/access/overlay\\.",
    "/app/components/cart/(cart-context|lazy|CartButton)\\.",
    "/app/components/storefront/(StorefrontShell|use-root-data|PriceTag|AddToCartButton|BottleList|SectionHeading|ImageBanner|media|HeroSection)\\.",
  ].join("|"),
);
const shopBlocksChunk =
  /\/app\/components\/storefront\/(Faq|TastingPromo|SplitSection|scenes|MembershipPlans|FoundersContact)\./;
const accessChunk = /\/app\/components\/access\/(AccessModal|AccessCodeForm|SoftLaunchModal)\./;

export default defineConfig({
  environments: {
    client: {
      build: {
        // React Router preloads each page's modules itself; Vite's helper for the chunks behind
        // React.lazy would cost every page a kilobyte for chunks that are already loaded (see
        // plainDynamicImports).
        modulePreload: false,
        rollupOptions: {
          output: {
            codeSplitting: {
              groups: [
                { name: "storefront", test: storefrontChunk },
                { name: "shop-blocks", test: shopBlocksChunk },
                { name: "access", test: accessChunk },
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
        rollupOptions: { input: "./server/main.server.ts" },
      },
    },
  },
  plugins: [
    plainDynamicImports(),
    precompressedFiles(),
    reactRouterProductionBuild(),
    tailwindcss(),
    reactRouter(),
  ],
  resolve: { tsconfigPaths: true },
});
