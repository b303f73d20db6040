import { fileURLToPath } from "node:url";
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
 * Fewer, larger chunks mean fewer requests before the first paint. Modules every storefront page
 * needs (the cart, prices, the layout, the blocks most pages share) go into one chunk; the
 * blocks of the other shop pages into a second; the access modals into a third, loaded only
 * when a modal opens. The drawer and the sign-in dialog (with the form kit and the modal) load
 * on demand. A group takes the modules its modules import too, unless an earlier group took
 * them.
 */
const storefrontChunk = new RegExp(
  [
    "/app/core/(catalog|cart|pricing|money)\\.",
    "/app/components/(layout|alerts)/",
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
        // React.lazy would cost every page a kilobyte for chunks that are already loaded.
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
        rollupOptions: { input: "./server/main.ts" },
      },
    },
  },
  plugins: [reactRouterProductionBuild(), tailwindcss(), reactRouter()],
  resolve: { tsconfigPaths: true },
});
