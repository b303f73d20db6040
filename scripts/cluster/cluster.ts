// N instances of the built shop on one PostgreSQL, behind nginx. The instances share the
// database and the secrets, and trust exactly one proxy (nginx) for the client's address.
import { productionEnv } from "../../bench/production-env";
import { type ShopServer, startShop } from "../../e2e/support/shop-server";
import { freePort } from "../../test/support/free-port";
import { startBalancer } from "./nginx";

export interface ClusterOptions {
  instances: number;
  databaseUrl: string;
  /** The balancer's port; a free one by default. */
  port?: number;
  /** Added to every instance's environment (SMTP_URL, ADMIN_EMAIL …). */
  env?: Record<string, string>;
}

export interface Instance {
  url: string;
  /** The address nginx names in X-Served-By. */
  upstream: string;
  /** True until the instance is stopped or killed. */
  isRunning(): boolean;
  /** Ends the process at once, as a crash or the OOM killer does. */
  kill(): Promise<void>;
  /** Asks the instance to finish its requests and stop (SIGTERM). */
  stop(): Promise<void>;
  /** Starts the instance again on its port. */
  restart(): Promise<void>;
  output(): string;
  /** The process id, while it runs. */
  pid(): number | undefined;
}

export interface Cluster {
  url: string;
  /** What every instance was started with. */
  env: Record<string, string>;
  instances: Instance[];
  stop(): Promise<void>;
}

async function startInstance(env: Record<string, string>): Promise<Instance> {
  const port = await freePort();
  let server: ShopServer = await startShop(env, port);
  let printedBefore = "";
  return {
    url: server.baseURL,
    upstream: `127.0.0.1:${port}`,
    isRunning: () => server.process.exitCode === null && server.process.signalCode === null,
    async kill() {
      const exited = new Promise((resolve) => server.process.once("exit", resolve));
      server.process.kill("SIGKILL");
      await exited;
    },
    async stop() {
      await server.stop();
    },
    async restart() {
      printedBefore += server.output();
      await server.stop();
      server = await startShop(env, port);
    },
    output: () => printedBefore + server.output(),
    pid: () => server.process.pid,
  };
}

/** Starts the instances together (they migrate and seed one after the other), then nginx. */
export async function startCluster(options: ClusterOptions): Promise<Cluster> {
  const port = options.port ?? (await freePort());
  const url = `http://127.0.0.1:${port}`;
  const env = {
    ...productionEnv(),
    DATABASE_URL: options.databaseUrl,
    PUBLIC_URL: url,
    TRUST_PROXY: "1",
    LOG_LEVEL: "warn",
    ...options.env,
  };
  const started = await Promise.allSettled(
    Array.from({ length: options.instances }, () => startInstance(env)),
  );
  const instances = started.flatMap((result) =>
    result.status === "fulfilled" ? [result.value] : [],
  );
  const failed = started.find((result) => result.status === "rejected");
  const stopInstances = () => Promise.all(instances.map((instance) => instance.stop()));
  if (failed) {
    await stopInstances();
    throw failed.reason;
  }
  const balancer = await startBalancer(
    port,
    instances.map((instance) => instance.upstream),
  );
  return {
    url,
    env,
    instances,
    async stop() {
      await balancer.stop();
      await stopInstances();
    },
  };
}
