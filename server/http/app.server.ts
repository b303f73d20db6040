import type { RequestListener } from "node:http";
import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import express, { type ErrorRequestHandler, type RequestHandler } from "express";
import { RouterContextProvider, type ServerBuild } from "react-router";
import type { Auth } from "../auth/auth.server";
import { checkoutEndpoint, checkoutPath } from "../checkout/endpoint.server";
import type { ResolvedConfig } from "../config.server";
import type { DatabaseHandle } from "../db/client.server";
import type { Logger } from "../logger.server";
import { projectPath } from "../paths.server";
import type { PaymentProvider } from "../payments/provider.server";
import { paymentWebhookRoute } from "../payments/webhook-route.server";
import { clientAddress } from "./client-address.server";
import { shopContext } from "./context.server";
import { isHttps } from "./cookies.server";
import { type PageMicroCache, pageMicroCache, sendCachedPage } from "./page-cache.server";
import { precompressed } from "./precompressed.server";
import { logWhenSent, requestLog } from "./request-log.server";
import { type SecurityOptions, securityHeaders, setPageSecurityHeaders } from "./security.server";

export interface AppDependencies {
  config: ResolvedConfig;
  log: Logger;
  database: DatabaseHandle;
  auth: Auth;
  payments: PaymentProvider;
  /** The server build, or in development a function that returns the latest one. */
  build: ServerBuild | (() => Promise<ServerBuild>);
  /** Vite's middleware in development; production serves the built files. */
  devMiddleware?: RequestHandler;
  /** True once shutdown has begun: readiness then fails so load balancers stop sending. */
  isShuttingDown: () => boolean;
}

function serveBuiltAssets(app: express.Express) {
  const clientDir = projectPath("build/client");
  // Hashed file names never change content: cache them for a year.
  app.use(
    "/assets",
    precompressed(`${clientDir}/assets`),
    express.static(`${clientDir}/assets`, {
      immutable: true,
      maxAge: "1y",
      index: false,
      fallthrough: false,
    }),
  );
  // The files of public/ all live under /images: other requests never look at the disk.
  app.use(
    "/images",
    precompressed(`${clientDir}/images`),
    express.static(`${clientDir}/images`, { maxAge: "1h", index: false }),
  );
}

function healthRoutes(app: express.Express, deps: AppDependencies) {
  app.get("/healthz", (_req, res) => {
    res.json({ status: "ok" });
  });
  app.get("/readyz", async (_req, res) => {
    if (deps.isShuttingDown()) {
      res.status(503).json({ status: "shutting down" });
      return;
    }
    try {
      await deps.database.ping();
      res.json({ status: "ready", database: deps.database.engine });
    } catch (error) {
      deps.log.error({ err: error }, "readiness check failed");
      res.status(503).json({ status: "database unavailable" });
    }
  });
}

function errorHandler(log: Logger): ErrorRequestHandler {
  return (error, req, res, _next) => {
    const status = typeof error?.status === "number" && error.status < 500 ? error.status : 500;
    if (status >= 500) log.error({ err: error, path: req.path }, "unhandled error");
    if (res.headersSent) return;
    res
      .status(status)
      .type("text/plain")
      .send(status === 404 ? "Not found" : "There was an error");
  };
}

function securityOptions({ config, devMiddleware }: AppDependencies): SecurityOptions {
  return {
    https: isHttps(config),
    development: Boolean(devMiddleware),
    formActionOrigins: config.payments.provider === "stripe" ? ["https://checkout.stripe.com"] : [],
  };
}

/** The Express app; `pages` records what it renders for anonymous visitors. */
function createApp(deps: AppDependencies, pages: PageMicroCache | null): express.Express {
  const { config, log } = deps;
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", config.trustProxy);
  app.use(requestLog(log));
  app.use(securityHeaders(securityOptions(deps)));
  app.use(compression());
  healthRoutes(app, deps);
  // Before React Router: signature checks need the body exactly as it was sent.
  app.post(
    "/api/webhooks/stripe",
    express.raw({ type: "*/*", limit: "1mb" }),
    paymentWebhookRoute({ ...deps, db: deps.database.db }),
  );
  if (pages) app.use(pages.capture);
  if (deps.devMiddleware) app.use(deps.devMiddleware);
  else serveBuiltAssets(app);
  app.use(
    createRequestHandler({
      build: deps.build,
      mode: deps.devMiddleware ? "development" : "production",
      getLoadContext: (req, res) => {
        const context = new RouterContextProvider();
        context.set(shopContext, {
          config,
          db: deps.database.db,
          log,
          payments: deps.payments,
          cspNonce: String(res.locals.cspNonce),
          clientIp: clientAddress(req, config.trustProxy),
          auth: deps.auth,
        });
        return context;
      },
    }),
  );
  app.use(errorHandler(log));
  return app;
}

/**
 * The shop's HTTP entry. The two busiest answers need no routing and skip Express: `POST
 * /api/checkout` goes straight to its handler (checkout/endpoint.ts), and an anonymous visitor's
 * page rendered in the last minute is sent from memory (page-cache.ts), rendered again in the
 * background once it is over a second old. Everything else goes to the Express app.
 */
export function createRequestListener(deps: AppDependencies): RequestListener {
  // Anonymous visitors share each rendered page; development always renders.
  const pages = deps.devMiddleware
    ? null
    : pageMicroCache({ ttlMs: 1_000, staleMs: 60_000, maxEntries: 200 });
  const app = createApp(deps, pages);
  const security = securityOptions(deps);
  const checkout = checkoutEndpoint({
    config: deps.config,
    db: deps.database.db,
    log: deps.log,
    payments: deps.payments,
    auth: deps.auth,
  });
  return (req, res) => {
    if (req.url?.split("?", 1)[0] === checkoutPath) {
      logWhenSent(deps.log, req, res);
      void checkout(req, res);
      return;
    }
    const cached = pages?.lookup(req);
    if (!cached) {
      app(req, res);
      return;
    }
    logWhenSent(deps.log, req, res);
    void sendCachedPage(req, res, cached, setPageSecurityHeaders(res, security));
  };
}
