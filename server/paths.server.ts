import { existsSync, realpathSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

function findProjectRoot(start: string): string {
  let dir = start;
  while (!existsSync(path.join(dir, "package.json"))) {
    const parent = path.dirname(dir);
    if (parent === dir) return process.cwd();
    dir = parent;
  }
  return dir;
}

// This module runs from its source file (tests, scripts) and from the server bundle in build/;
// both sit below the project root.
const projectRoot = findProjectRoot(path.dirname(fileURLToPath(import.meta.url)));

/**
 * The browser build this process serves: the folder `build` pointed at when it started, so that
 * a build made later for another start does not change the files of this one.
 */
export function clientBuildPath(): string {
  const client = projectPath("build", "client");
  return existsSync(client) ? realpathSync(client) : client;
}

/** An absolute path inside the project, wherever the running code was loaded from. */
export function projectPath(...segments: string[]): string {
  return path.join(projectRoot, ...segments);
}
