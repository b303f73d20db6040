import { ConfigError, loadConfig, type ResolvedConfig } from "../server/config.server";
import { DataDirInUseError } from "../server/db/data-dir-lock.server";

/**
 * Runs a backup tool with the configuration and the file named on the command line. A bad
 * configuration, a database held by a running shop or a failing pg_dump/pg_restore ends it with
 * one line and exit code 1.
 */
export async function runDatabaseTool(
  task: (config: ResolvedConfig, file: string | undefined) => Promise<void>,
): Promise<void> {
  try {
    await task(loadConfig(), process.argv[2]);
  } catch (error) {
    if (!(error instanceof Error)) throw error;
    const known = error instanceof ConfigError || error instanceof DataDirInUseError;
    process.stderr.write(`${known ? error.message : `The tool failed: ${error.message}`}\n`);
    process.exitCode = 1;
  }
}
