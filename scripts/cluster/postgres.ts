// A PostgreSQL server of its own, in a temporary folder, for tests that stop and start the
// database under a running shop without touching the machine's server.
import { execFileSync } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir, userInfo } from "node:os";
import path from "node:path";
import { freePort } from "../../test/support/free-port";

export interface PrivatePostgres {
  url: string;
  /** Stops the server as an administrator's restart does ('fast': sessions are cut). */
  stop(): void;
  start(): void;
  /** Stops the server and deletes its data. */
  dispose(): void;
}

/** The folder holding initdb and pg_ctl: PG_BIN, or the newest Debian PostgreSQL. */
export function postgresBinDir(): string | null {
  if (process.env.PG_BIN) return process.env.PG_BIN;
  const versions = "/usr/lib/postgresql";
  if (!existsSync(versions)) return null;
  const newest = readdirSync(versions)
    .filter((version) => existsSync(path.join(versions, version, "bin", "pg_ctl")))
    .sort((a, b) => Number(b) - Number(a))[0];
  return newest ? path.join(versions, newest, "bin") : null;
}

/** PostgreSQL refuses to run as root: as root, its tools run as the `postgres` user. */
function runner(binDir: string): (tool: string, args: string[]) => void {
  const asRoot = userInfo().uid === 0;
  return (tool, args) => {
    const command = path.join(binDir, tool);
    if (asRoot)
      execFileSync("runuser", ["-u", "postgres", "--", command, ...args], { stdio: "pipe" });
    else execFileSync(command, args, { stdio: "pipe" });
  };
}

function postgresUserIds(): { uid: number; gid: number } {
  const [uid, gid] = ["-u", "-g"].map((flag) =>
    Number(execFileSync("id", [flag, "postgres"], { encoding: "utf8" }).trim()),
  );
  return { uid: uid ?? 0, gid: gid ?? 0 };
}

export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const binDir = postgresBinDir();
  if (!binDir) throw new Error("PostgreSQL's server tools were not found: set PG_BIN");
  const run = runner(binDir);
  const folder = mkdtempSync(path.join(tmpdir(), "shop-postgres-"));
  if (userInfo().uid === 0) {
    const { uid, gid } = postgresUserIds();
    chownSync(folder, uid, gid);
  }
  const dataDir = path.join(folder, "data");
  run("initdb", ["-D", dataDir, "-U", "postgres", "-A", "trust", "--no-sync"]);
  const port = await freePort();
  const options = `-p ${port} -k ${folder} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200`;
  const logFile = path.join(folder, "server.log");
  const start = () => run("pg_ctl", ["-D", dataDir, "-l", logFile, "-o", options, "-w", "start"]);
  const stop = () => run("pg_ctl", ["-D", dataDir, "-m", "fast", "-w", "stop"]);
  start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    start,
    stop,
    dispose() {
      try {
        stop();
      } catch {
        // Already stopped: only the folder is left to delete.
      }
      rmSync(folder, { recursive: true, force: true });
    },
  };
}
