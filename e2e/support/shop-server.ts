import { type ChildProcess, spawn } from "node:child_process";
import { on, once } from "node:events";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { freePort } from "../../test/support/free-port";
import { fillFromDataTemplate } from "./data-template";

export interface ShopServer {
  baseURL: string;
  dataDir: string;
  process: ChildProcess;
  /** Everything the server printed so far. */
  output: () => string;
  /** Sends SIGTERM and resolves with the exit code; the data directory is deleted. */
  stop: () => Promise<number | null>;
  /**
   * Stops the shop, keeping its data, runs `work` (a command that needs the embedded database to
   * itself), then starts the shop again on the same port and data directory.
   */
  restartAfter: (work: () => Promise<void>) => Promise<void>;
}

/** Resolves when the shop says it is listening; fails if it exits first or takes over 60 s. */
async function waitUntilListening(server: ChildProcess, output: () => string): Promise<void> {
  const settled = new AbortController();
  const signal = AbortSignal.any([settled.signal, AbortSignal.timeout(60_000)]);
  const listening = (async () => {
    for await (const [message] of on(server, "message", { signal })) {
      if (message === "listening") return;
    }
  })();
  const exited = once(server, "exit", { signal }).then(() => {
    throw new Error(`The shop exited early:\n${output()}`);
  });
  try {
    await Promise.race([listening, exited]);
  } catch (error) {
    if (signal.aborted && !settled.signal.aborted) {
      throw new Error(`The shop did not become ready:\n${output()}`);
    }
    throw error;
  } finally {
    settled.abort();
    await Promise.allSettled([listening, exited]);
  }
}

/**
 * Starts the built shop on `port` (a free one by default) with a data directory of its own, as
 * the shop's first start leaves it when the run has a template.
 */
export async function startShop(
  env: Record<string, string> = {},
  requestedPort?: number,
): Promise<ShopServer> {
  const port = requestedPort ?? (await freePort());
  const dataDir = mkdtempSync(path.join(tmpdir(), "shop-e2e-"));
  fillFromDataTemplate(dataDir);
  const baseURL = `http://127.0.0.1:${port}`;
  let printed = "";
  const output = () => printed;
  const launch = () => {
    const child = spawn(process.execPath, ["server.js"], {
      env: {
        PATH: process.env.PATH,
        PORT: String(port),
        PUBLIC_URL: baseURL,
        DATA_DIR: dataDir,
        LOG_LEVEL: "warn",
        ...env,
      },
      stdio: ["ignore", "pipe", "pipe", "ipc"],
    });
    child.stdout?.on("data", (chunk) => {
      printed += chunk;
    });
    child.stderr?.on("data", (chunk) => {
      printed += chunk;
    });
    return child;
  };
  const halt = async (child: ChildProcess) => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await exited;
    }
    return child.exitCode;
  };
  const server: ShopServer = {
    baseURL,
    dataDir,
    process: launch(),
    output,
    stop: async () => {
      const code = await halt(server.process);
      rmSync(dataDir, { recursive: true, force: true });
      return code;
    },
    restartAfter: async (work) => {
      await halt(server.process);
      await work();
      server.process = launch();
      await waitUntilListening(server.process, output);
    },
  };
  try {
    await waitUntilListening(server.process, output);
  } catch (error) {
    // A shop too slow to start is not left running behind the failed test.
    await server.stop();
    throw error;
  }
  return server;
}
