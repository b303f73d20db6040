import type { Config } from "@react-router/dev/config";

export default {
  appDirectory: "app",
  // `npm start` builds into a folder of its own before pointing `build` at it.
  buildDirectory: process.env.SHOP_BUILD_DIR ?? "build",
  ssr: true,
  future: {
    v8_middleware: true,
    v8_splitRouteModules: true,
    v8_passThroughRequests: true,
    v8_trailingSlashAwareDataRequests: true,
    v8_viteEnvironmentApi: true,
  },
} satisfies Config;
