import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

/**
 * Fewer, larger chunks mean fewer requests before the first paint. Modules every storefront page
 * needs (the cart, prices, the layout, the blocks most pages share, the form kit and the modal
 * of the sign-in modal) go into one chunk; the blocks of the other shop pages into a second; the
 * access modals into a third, loaded only when a modal opens. The drawer keeps its own chunk,
 * loaded on demand. A group takes the modules its modules import too, unless an earlier group
 * took them.
 */
const storefrontChunk = new RegExp(
  [
    "/app/core/(catalog|cart|pricing|money)\\.",
    "/app/components/(layout|analytics|alerts|forms|overlays)/",
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
  plugins: [tailwindcss(), reactRouter()],
  resolve: { tsconfigPaths: true },
});
