// The layout's boundaries, checked on every source file: the build refuses `.server` modules in
// the browser bundle only if server code is named so, and the rooms stay apart only if nothing
// imports across them.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { describe, expect, it } from "vitest";

const root = join(import.meta.dirname, "..");

function sourceFiles(folder: string): string[] {
  return readdirSync(join(root, folder), { recursive: true, encoding: "utf8" })
    .filter((file) => /\.tsx?$/.test(file))
    .map((file) => join(folder, file));
}

const isTest = (file: string) => /\.test\.tsx?$/.test(file);

/** Every module a file imports or re-exports, as written. */
function importedModules(source: string): string[] {
  const pattern = /(?:^|\n)\s*(?:import|export)\b[^;]*?from\s+"([^"]+)"|import\(\s*"([^"]+)"\s*\)/g;
  return [...source.matchAll(pattern)].map((match) => match[1] ?? match[2] ?? "");
}

function violations(files: string[], forbidden: RegExp): string[] {
  return files.flatMap((file) =>
    importedModules(readFileSync(join(root, file), "utf8"))
      .filter((module) => forbidden.test(module))
      .map((module) => `${file} imports ${module}`),
  );
}

/** Whether a core file's import is another core rule (in any folder of core), zod or fast-check. */
function staysInCore(file: string, module: string): boolean {
  if (module === "zod" || module === "fast-check") return true;
  if (!module.startsWith(".")) return false;
  const target = relative(join(root, "core"), join(root, dirname(file), module));
  return !target.startsWith("..");
}

const serverFiles = sourceFiles("server").filter((file) => !isTest(file));
const coreFiles = sourceFiles("core").filter((file) => !isTest(file));

/**
 * The levels of the tree. `routes` is the rest of app/: the route modules, the root route and
 * the entries. The server's base is `db/`, `http/` and the files directly in server/; each
 * other folder but `main/` is a domain; `main/` wires them together.
 */
type Level =
  | "core"
  | "components"
  | "routes"
  | "server base"
  | "server domain"
  | "server main"
  | "elsewhere";

function levelOf(file: string): Level {
  if (file.startsWith("core/")) return "core";
  if (file.startsWith("app/components/")) return "components";
  if (file.startsWith("app/")) return "routes";
  if (file.startsWith("server/main/")) return "server main";
  if (/^server\/(db\/|http\/|[^/]+$)/.test(file)) return "server base";
  if (file.startsWith("server/")) return "server domain";
  return "elsewhere";
}

/** What each level may import; test helpers, e2e journeys and scripts are open to none of them. */
const importableLevels: Record<Exclude<Level, "elsewhere">, Level[]> = {
  core: ["core"],
  components: ["core", "components", "routes"],
  routes: ["core", "components", "routes", "server base", "server domain"],
  "server base": ["core", "server base"],
  "server domain": ["core", "server base", "server domain"],
  "server main": ["core", "server base", "server domain", "server main"],
};

/**
 * The one import from app/ into server/main/: the root route hands React Router the request
 * middleware that the composition puts in order.
 */
const rootMiddleware = { from: "app/root.tsx", to: "server/main/middleware.server.ts" };

/**
 * Whether `file` importing `target` breaks the levels. Tests are not held to them: they drive
 * every level, with the helpers of test/support.
 */
function crossesLevels(file: string, target: string): boolean {
  const level = levelOf(file);
  if (level === "elsewhere" || isTest(file)) return false;
  if (file === rootMiddleware.from && target === rootMiddleware.to) return false;
  return !importableLevels[level].includes(levelOf(target));
}

const importAliases = [
  ["~core/", "core/"],
  ["~server/", "server/"],
  ["~/", "app/"],
] as const;

const isProjectFile = (file: string) =>
  existsSync(join(root, file)) && statSync(join(root, file)).isFile();

/** The project file an import names, or null for a package or a generated module (`./+types`). */
function resolvedImport(file: string, module: string): string | null {
  const alias = importAliases.find(([prefix]) => module.startsWith(prefix));
  let base: string | null = null;
  if (module.startsWith(".")) base = join(dirname(file), module);
  else if (alias) base = `${alias[1]}${module.slice(alias[0].length)}`;
  if (base === null) return null;
  return [base, `${base}.ts`, `${base}.tsx`].find(isProjectFile) ?? null;
}

/** Each file with the project files it imports (types included). */
function importGraph(files: string[]): Map<string, string[]> {
  return new Map(
    files.map((file) => [
      file,
      importedModules(readFileSync(join(root, file), "utf8")).flatMap(
        (module) => resolvedImport(file, module) ?? [],
      ),
    ]),
  );
}

function reachableFrom(graph: ReadonlyMap<string, readonly string[]>, start: string): Set<string> {
  const reached = new Set<string>();
  const pending = [...(graph.get(start) ?? [])];
  for (let file = pending.pop(); file !== undefined; file = pending.pop()) {
    if (reached.has(file)) continue;
    reached.add(file);
    pending.push(...(graph.get(file) ?? []));
  }
  return reached;
}

/** The groups of files that import one another, directly or around a loop; each sorted. */
function importCycles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  const reach = new Map([...graph.keys()].map((file) => [file, reachableFrom(graph, file)]));
  const inCycle = new Set<string>();
  const cycles: string[][] = [];
  for (const [file, reached] of reach) {
    if (inCycle.has(file) || !reached.has(file)) continue;
    const cycle = [...reached].filter((other) => reach.get(other)?.has(file)).sort();
    for (const member of cycle) inCycle.add(member);
    cycles.push(cycle);
  }
  return cycles;
}

const leveledFiles = ["core", "app", "server"].flatMap(sourceFiles);
const cycleCheckedFiles = ["core", "app", "server", "scripts", "test/support"].flatMap(sourceFiles);

/** The names of the types and interfaces a file exports, as declared there. */
function exportedTypeNames(source: string): string[] {
  const pattern = /^[ \t]*export\s+(?:declare\s+)?(?:type|interface)\s+([A-Za-z_$][\w$]*)/gm;
  return [...source.matchAll(pattern)].map((match) => match[1] ?? "");
}

/** Each exported type name declared in more than one file, with those files. */
function typeNamesDeclaredTwice(sources: Record<string, string>): Record<string, string[]> {
  const declaredIn = new Map<string, string[]>();
  for (const [file, source] of Object.entries(sources)) {
    for (const name of new Set(exportedTypeNames(source))) {
      declaredIn.set(name, [...(declaredIn.get(name) ?? []), file]);
    }
  }
  return Object.fromEntries([...declaredIn].filter(([, files]) => files.length > 1));
}

describe("source boundaries", () => {
  it("finds the imports of a file", () => {
    const source =
      'import { a } from "~server/x.server";\nexport { b } from "./b";\nawait import("zod");';
    expect(importedModules(source)).toEqual(["~server/x.server", "./b", "zod"]);
  });

  it("names every server module with the .server convention", () => {
    const unmarked = serverFiles.filter((file) => !/\.server\.tsx?$|\.d\.ts$/.test(file));
    expect(unmarked.map((file) => relative(root, join(root, file)))).toEqual([]);
  });

  it("imports only in the directions the levels allow", () => {
    const upwards = [...importGraph(leveledFiles)].flatMap(([file, targets]) =>
      targets
        .filter((target) => crossesLevels(file, target))
        .map((target) => `${file} (${levelOf(file)}) imports ${target} (${levelOf(target)})`),
    );
    expect(upwards).toEqual([]);
  });

  it("tells an import the levels allow from one they forbid", () => {
    expect(crossesLevels("server/http/context.server.ts", "server/auth/auth.server.ts")).toBe(true);
    expect(crossesLevels("server/config.server.ts", "server/mail/outbox.server.ts")).toBe(true);
    expect(crossesLevels("server/auth/session.server.ts", "server/http/flash.server.ts")).toBe(
      false,
    );
    expect(crossesLevels("server/orders/fulfil.server.ts", "server/mail/outbox.server.ts")).toBe(
      false,
    );
    expect(crossesLevels("server/orders/a.server.ts", "server/main/app.server.ts")).toBe(true);
    expect(crossesLevels("server/main/app.server.ts", "server/auth/auth.server.ts")).toBe(false);
    expect(crossesLevels("app/components/a.tsx", "server/http/flash.server.ts")).toBe(true);
    expect(crossesLevels("app/components/a.tsx", "app/root.tsx")).toBe(false);
    expect(crossesLevels("app/routes/a.tsx", "server/orders/a.server.ts")).toBe(false);
    expect(crossesLevels("app/routes/a.tsx", "server/main/middleware.server.ts")).toBe(true);
    expect(crossesLevels("app/root.tsx", "server/main/middleware.server.ts")).toBe(false);
    expect(crossesLevels("app/root.tsx", "server/main/app.server.ts")).toBe(true);
    expect(crossesLevels("core/a.ts", "app/components/a.tsx")).toBe(true);
    expect(crossesLevels("server/orders/a.server.ts", "test/support/shop.ts")).toBe(true);
    expect(crossesLevels("app/routes/a.tsx", "e2e/support/axe.ts")).toBe(true);
    expect(crossesLevels("server/orders/a.int.test.ts", "test/support/shop.ts")).toBe(false);
  });

  it("resolves the project's own imports, aliases included, and leaves packages out", () => {
    expect(resolvedImport("app/routes/account.tsx", "~server/http/context.server")).toBe(
      "server/http/context.server.ts",
    );
    expect(resolvedImport("app/routes/account.tsx", "~/components/account/AccountNav")).toBe(
      "app/components/account/AccountNav.tsx",
    );
    expect(resolvedImport("server/auth/session.server.ts", "../http/flash.server")).toBe(
      "server/http/flash.server.ts",
    );
    expect(resolvedImport("app/routes/account.tsx", "./+types/account")).toBeNull();
    expect(resolvedImport("app/routes/account.tsx", "react-router")).toBeNull();
  });

  it("has no import cycle", () => {
    expect(importCycles(importGraph(cycleCheckedFiles))).toEqual([]);
  });

  it("finds every import cycle, long or short, and nothing else", () => {
    const graph = new Map([
      ["a", ["b"]],
      ["b", ["c"]],
      ["c", ["a", "d"]],
      ["d", ["e", "f"]],
      ["e", ["f"]],
      ["f", []],
      ["g", ["g", "a"]],
    ]);
    expect(importCycles(graph)).toEqual([["a", "b", "c"], ["g"]]);
    expect(
      importCycles(
        new Map([
          ["d", ["e", "f"]],
          ["e", ["f"]],
          ["f", []],
        ]),
      ),
    ).toEqual([]);
  });

  it("stays on public APIs: no UNSAFE_ export, no path into a package's dist", () => {
    const sources = [...serverFiles, ...sourceFiles("app"), "vite.config.ts"];
    const unsafe = sources.filter((file) =>
      /\bUNSAFE_\w+/.test(readFileSync(join(root, file), "utf8")),
    );
    expect(unsafe).toEqual([]);
    expect(violations(sources, /^(?![.~]).*\/dist\//)).toEqual([]);
  });

  it("keeps the core rules pure: only other rules, zod and fast-check", () => {
    const coreImports = coreFiles.flatMap((file) =>
      importedModules(readFileSync(join(root, file), "utf8"))
        .filter((module) => !staysInCore(file, module))
        .map((module) => `${file} imports ${module}`),
    );
    expect(coreImports).toEqual([]);
  });

  it("tells a core rule in another folder of core from a module outside it", () => {
    expect(staysInCore("core/admin/a.ts", "../order-status")).toBe(true);
    expect(staysInCore("core/a.ts", "./admin/b")).toBe(true);
    expect(staysInCore("core/a.ts", "../app/routes/home")).toBe(false);
    expect(staysInCore("core/a.ts", "react")).toBe(false);
  });

  it("finds the exported types of a file, and a name declared in two files", () => {
    const inbox = "export interface InboxRow {\n  id: string;\n}\nexport type Tab = 'new';";
    const page =
      "interface Local {}\nexport type { InboxRow } from './inbox';\nexport type Tab = 'x';";
    expect(exportedTypeNames(inbox)).toEqual(["InboxRow", "Tab"]);
    expect(exportedTypeNames(page)).toEqual(["Tab"]);
    expect(typeNamesDeclaredTwice({ "inbox.ts": inbox, "page.tsx": page })).toEqual({
      Tab: ["inbox.ts", "page.tsx"],
    });
  });

  it("declares each exported type name once across core, app and server", () => {
    const files = [...coreFiles, ...sourceFiles("app"), ...serverFiles].filter(
      (file) => !isTest(file),
    );
    const sources = Object.fromEntries(
      files.map((file) => [file, readFileSync(join(root, file), "utf8")]),
    );
    expect(typeNamesDeclaredTwice(sources)).toEqual({});
  });
});
