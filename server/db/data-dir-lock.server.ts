import { readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";

/** PGlite is a single-process database: a second process on the same files would corrupt them. */
export class DataDirInUseError extends Error {
  override name = "DataDirInUseError";
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

function lockHolder(file: string): number | undefined {
  try {
    const pid = Number(readFileSync(file, "utf8"));
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

/** Claims the data directory for this process; returns the function that releases it. */
export function lockDataDir(dataDir: string): () => void {
  const file = path.join(dataDir, "owner.pid");
  const holder = lockHolder(file);
  if (holder !== undefined && holder !== process.pid && isRunning(holder)) {
    throw new DataDirInUseError(
      `The database in ${dataDir} is in use by process ${holder}: stop it first, or use DATABASE_URL`,
    );
  }
  writeFileSync(file, String(process.pid));
  return () => rmSync(file, { force: true });
}
