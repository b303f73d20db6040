// The layout's boundaries, checked on every source file: the build refuses `.server` modules in
// the browser bundle only if server code is named so, and the rooms stay apart only if nothing
// imports across them.
import { readdirSync, readFileSync } from "node:fs";
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
const componentFiles = sourceFiles("app/components");
const coreFiles = sourceFiles("core").filter((file) => !isTest(file));

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

  it("keeps server code away from the components", () => {
    expect(violations(serverFiles, /(^~\/components\/|\/components\/)/)).toEqual([]);
  });

  it("keeps components and core rules free of server modules", () => {
    expect(violations([...componentFiles, ...coreFiles], /^~server\/|\.server$/)).toEqual([]);
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
