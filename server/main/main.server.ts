import { createServer, type RequestListener, type Server } from "node:http";
import type { RequestHandler } from "express";
import type { DestinationStream } from "pino";
import type { ServerBuild } from "react-router";
import { createAuth } from "../auth/auth.server";
import { ensureOwnerAccount } from "../auth/owner.server";
import { ConfigError, loadConfig, type ResolvedConfig } from "../config.server";
import { type DatabaseHandle, openConfiguredDatabase } from "../db/client.server";
import { DataDirInUseError } from "../db/data-dir-lock.server";
import { seedDemoData } from "../db/seed/seed.server";
import { createLogger, type Logger } from "../logger.server";
import { createMailSender, startMailWorker } from "../mail/delivery.server";
import { createPaymentProvider } from "../payments/payments.server";
import { startSandboxBillingWorker } from "../payments/sandbox/billing.server";
import { startStripeBillingWorker } from "../payments/stripe/billing.server";
import { readShopTimeZone } from "../settings/settings.server";
import { createApp } from "./app.server";

export interface StartOptions {
  /** Development: Vite's middleware and its on-demand server build. */
  dev?: {
    middleware: RequestHandler;
    build: () => Promise<ServerBuild>;
    close: () => Promise<void>;
  };
  /** The environment to read the configuration from; the process's by default. */
  env?: Record<string, string | undefined>;
  /**
   * A database opened by the caller (tests), who also closes it; the shop then neither opens
   * its configured one nor listens for signals.
   */
  database?: DatabaseHandle;
  /** Where the log's lines go, as JSON lines (a test reading them); standard output by default. */
  logDestination?: DestinationStream;
}

export interface RunningShop {
  server: Server;
  stop: () => Promise<void>;
}

const shutdownGraceMs = 4_000;
/**
 * How long an idle keep-alive connection stays open: longer than the clients and proxies in
 * front of the shop keep theirs, so that the shop never closes one they are about to reuse.
 */
const idleConnectionMs = 65_000;

function describeMail(config: ResolvedConfig): string {
  if (!config.mail.smtpUrl) return "log only (SMTP_URL not set)";
  return `SMTP ${new URL(config.mail.smtpUrl).host}`;
}

function announce(log: Logger, config: ResolvedConfig, database: DatabaseHandle) {
  const engine = database.engine === "pglite" ? "PGlite" : "PostgreSQL";
  log.info(
    {
      database: `${engine} ${database.location}`,
      payments: config.payments.provider,
      mail: describeMail(config),
    },
    `${config.brandName} is serving ${config.publicUrl} (database: ${engine}, payments: ${config.payments.provider}, mail: ${describeMail(config)})`,
  );
  if (config.usesDemoAccessCodes) {
    log.info(
      `Demo access codes, until rotated in the back office's settings: beta "${config.accessCodes.beta}", restaurant "${config.accessCodes.restaurant}"`,
    );
  }
  if (config.usesDemoOwner && config.admin) {
    log.info(
      `Demo back office: ${config.publicUrl}/admin, owner ${config.admin.email} / ${config.admin.password}`,
    );
  }
}

function listen(listener: RequestListener, port: number): Promise<Server> {
  return new Promise((resolve, reject) => {
    const server = createServer({ keepAliveTimeout: idleConnectionMs }, listener);
    server.once("error", reject);
    server.listen(port, () => {
      server.off("error", reject);
      resolve(server);
    });
  });
}

/**
 * The app's build is loaded before the server listens, so that the first request does not wait
 * for it and the code that pages load on demand is already there to render in their HTML.
 * React Router derives its route table once from a build object; from a function it would do
 * so on every request.
 */
async function loadProductionBuild(): Promise<ServerBuild> {
  return import("virtual:react-router/server-build");
}

/** Starts the shop: configuration, database, migrations, demo data, then HTTP. */
export async function startServer(options: StartOptions = {}): Promise<RunningShop | undefined> {
  let config: ResolvedConfig;
  try {
    config = loadConfig(options.env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    process.stderr.write(`${error.message}\n`);
    process.exitCode = 1;
    return undefined;
  }
  const log = createLogger({
    level: config.logLevel,
    pretty: !config.isProduction,
    destination: options.logDestination,
  });
  let database: DatabaseHandle;
  try {
    database = options.database ?? openConfiguredDatabase(config);
  } catch (error) {
    if (!(error instanceof DataDirInUseError)) throw error;
    process.stderr.write(`${error.message}\n`);
    process.exitCode = 1;
    return undefined;
  }
  const auth = createAuth({ config, db: database.db, log });
  // Instances starting together on an empty database migrate and seed it one after the other.
  await database.exclusively(async () => {
    await database.migrate();
    await seedDemoData(database.db, { onlyIfEmpty: true, log });
    if (config.admin) {
      const outcome = await ensureOwnerAccount(auth, config.admin);
      log.info({ owner: outcome }, `owner account ${outcome}`);
    }
  });

  let shuttingDown = false;
  const build = options.dev?.build ?? (await loadProductionBuild());
  const payments = createPaymentProvider(config, database.db);
  const listener = createApp({
    config,
    log,
    database,
    auth,
    payments,
    build,
    devMiddleware: options.dev?.middleware,
    isShuttingDown: () => shuttingDown,
  });
  let server: Server;
  try {
    server = await listen(listener, config.port);
  } catch (error) {
    if (!options.database) await database.close();
    if ((error as NodeJS.ErrnoException).code !== "EADDRINUSE") throw error;
    process.stderr.write(`Port ${config.port} is already in use: set PORT to a free port\n`);
    process.exitCode = 1;
    return undefined;
  }
  announce(log, config, database);
  const mailWorker = startMailWorker({
    db: database.db,
    config,
    log,
    sender: createMailSender(config, log),
  });

  const billingWorker =
    config.payments.provider === "sandbox"
      ? startSandboxBillingWorker({
          db: database.db,
          publicUrl: config.publicUrl,
          log,
          shopTimeZone: () => readShopTimeZone(database.db, config),
        })
      : startStripeBillingWorker({ db: database.db, payments, log });

  const stop = async () => {
    if (shuttingDown) return;
    shuttingDown = true;
    log.info("shutting down: finishing requests in flight");
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeIdleConnections();
    const forced = setTimeout(() => server.closeAllConnections(), shutdownGraceMs);
    await closed;
    clearTimeout(forced);
    await mailWorker.stop();
    await billingWorker.stop();
    await options.dev?.close();
    if (!options.database) await database.close();
    log.info("stopped");
  };
  if (options.database) return { server, stop };
  for (const signal of ["SIGTERM", "SIGINT"] as const) {
    process.once(signal, () => {
      stop().catch((error: unknown) => {
        log.error({ err: error }, "shutdown failed");
        process.exitCode = 1;
      });
    });
  }
  // A parent process that started the shop with an IPC channel (the e2e harness, benchmarks)
  // learns that it is listening without polling; only now, so that a SIGTERM sent at once
  // finds the shutdown handlers in place.
  process.send?.("listening");
  process.channel?.unref(); // the channel must not keep the shop running after shutdown
  return { server, stop };
}
