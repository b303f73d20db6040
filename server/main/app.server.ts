import { createRequestHandler as createExpressHandler } from "@react-router/express";
import compression from "compression";
import express, { type ErrorRequestHandler, type RequestHandler } from "express";
import { createRequestHandler, RouterContextProvider, type ServerBuild } from "react-router";
import type { Auth } from "../auth/auth.server";
import { authContext } from "../auth/context.server";
import type { ResolvedConfig } from "../config.server";
import type { DatabaseHandle } from "../db/client.server";
import { type Readiness, type ShopContext, shopContext } from "../http/context.server";
import { isHttps } from "../http/cookies.server";
import { redactUrl } from "../http/log-redaction.server";
import { PageCache } from "../http/page-cache.server";
import { precompressed } from "../http/precompressed.server";
import {
  bodyLimits,
  onlyServedMethods,
  refuse,
  sameOriginPosts,
  wellFormedTarget,
} from "../http/request-checks.server";
import { requestLog } from "../http/request-log.server";
import {
  commonSecurityHeaders,
  newNonce,
  resourcePolicy,
  type SecurityOptions,
} from "../http/security.server";
import type { Logger } from "../logger.server";
import { createShopMetrics, metricsContext } from "../metrics/metrics.server";
import { clientBuildPath } from "../paths.server";
import { paymentsContext } from "../payments/context.server";
import type { PaymentProvider } from "../payments/provider.server";

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

function securityOptions({ config, devMiddleware }: AppDependencies): SecurityOptions {
  return {
    https: isHttps(config),
    development: Boolean(devMiddleware),
    formActionOrigins: config.payments.provider === "stripe" ? ["https://checkout.stripe.com"] : [],
  };
}

function securityHeaders(options: SecurityOptions): RequestHandler {
  const headers = Object.fromEntries(commonSecurityHeaders(options));
  return (_req, res, next) => {
    res.set(headers);
    next();
  };
}

/** Built files: hashed assets for a year, the pictures of public/ for an hour. */
function serveBuiltFiles(app: express.Express) {
  const clientDir = clientBuildPath();
  const withPolicy = (res: express.Response) =>
    res.setHeader("Content-Security-Policy", resourcePolicy);
  app.use(
    "/assets",
    precompressed(`${clientDir}/assets`),
    express.static(`${clientDir}/assets`, {
      immutable: true,
      maxAge: "1y",
      index: false,
      fallthrough: false,
      setHeaders: withPolicy,
    }),
  );
  app.use(
    "/images",
    precompressed(`${clientDir}/images`),
    express.static(`${clientDir}/images`, { maxAge: "1h", index: false, setHeaders: withPolicy }),
  );
}

function readinessCheck(deps: AppDependencies): () => Promise<Readiness> {
  return async () => {
    if (deps.isShuttingDown()) return { ready: false, reason: "shutting down" };
    try {
      await deps.database.ping();
      return { ready: true, database: deps.database.engine };
    } catch (error) {
      deps.log.error({ err: error }, "readiness check failed");
      return { ready: false, reason: "database unavailable" };
    }
  };
}

function errorHandler(log: Logger): ErrorRequestHandler {
  return (error, req, res, _next) => {
    const status = typeof error?.status === "number" && error.status < 500 ? error.status : 500;
    if (status >= 500)
      log.error({ err: error, url: redactUrl(req.originalUrl) }, "unhandled error");
    if (res.headersSent) return;
    refuse(res, status, status === 404 ? "Not found" : "There was an error");
  };
}

/**
 * React Router's own origin check compares a form's Origin with the address the request came to,
 * which behind a TLS proxy is http; the pipeline has checked it against PUBLIC_URL already.
 * A build object is passed on as an object: React Router derives its route table once from it.
 */
function withPublicOrigin(
  build: AppDependencies["build"],
  publicUrl: string,
): AppDependencies["build"] {
  const allowedActionOrigins = [new URL(publicUrl).host];
  if (typeof build !== "function") return { ...build, allowedActionOrigins };
  return async () => ({ ...(await build()), allowedActionOrigins });
}

/**
 * The shop's one request pipeline. Every request passes, in this order: the request log (with
 * its id), the method and target checks, the security headers, the body limits, the same-origin
 * rule for posts, compression; then either a built file or React Router, whose root middleware
 * (middleware.server.ts) adds the page cache, the Content-Security-Policy, the body check and
 * the session before the route's loader, action or resource handler.
 */
export function createApp(deps: AppDependencies): express.Express {
  const { config } = deps;
  const security = securityOptions(deps);
  const build = withPublicOrigin(deps.build, config.publicUrl);
  const readiness = readinessCheck(deps);
  const metrics = createShopMetrics(deps.database.db, deps.log);
  const services = (log: Logger, clientIp: string): ShopContext => {
    // Only a page names its nonce: data, JSON and refusals never draw one.
    let nonce: string | undefined;
    return {
      config,
      db: deps.database.db,
      log,
      cspNonce: () => {
        nonce ??= newNonce();
        return nonce;
      },
      security,
      clientIp,
      pages,
      readiness,
    };
  };
  // The base services, and beside them each domain's own: Better Auth, payments, metrics.
  const contextFor = (log: Logger, clientIp: string) => {
    const context = new RouterContextProvider();
    context.set(shopContext, services(log, clientIp));
    context.set(authContext, deps.auth);
    context.set(paymentsContext, deps.payments);
    context.set(metricsContext, metrics);
    return context;
  };
  const mode = deps.devMiddleware ? "development" : "production";
  const renderInProcess = createRequestHandler(build, mode);
  // Anonymous visitors share each rendered page; development always renders. No copy is sent
  // 5 seconds after it was rendered: the owner's settings reach every page within that.
  const pages = deps.devMiddleware
    ? null
    : new PageCache({
        freshMs: 1_000,
        staleMs: 4_000,
        maxEntries: 200,
        render: (path) =>
          renderInProcess(
            new Request(new URL(path, config.publicUrl), {
              headers: { "Cache-Control": "no-cache", Accept: "text/html" },
            }),
            contextFor(deps.log, "127.0.0.1"),
          ),
      });

  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", config.trustProxy);
  app.use(requestLog(deps.log));
  app.use(onlyServedMethods, wellFormedTarget);
  app.use(securityHeaders(security));
  app.use(bodyLimits());
  app.use(
    sameOriginPosts({
      publicOrigin: new URL(config.publicUrl).origin,
      development: !config.isProduction,
    }),
  );
  app.use(compression());
  if (deps.devMiddleware) app.use(deps.devMiddleware);
  else serveBuiltFiles(app);
  app.use(
    createExpressHandler({
      build,
      mode,
      getLoadContext: (req, res) => contextFor(res.locals.log, req.ip ?? "unknown"),
    }),
  );
  app.use(errorHandler(deps.log));
  return app;
}
