/**
 * The generated demo client (examples/trip-planner) as the JavaScript an application's build would
 * ship: each module transpiled on its own, as `isolatedModules` promises it can be.
 */
import { cp, mkdir, readdir, readFile, writeFile } from "node:fs/promises";
import { dirname, join, relative } from "node:path";
import ts from "typescript";
import { REPOSITORY_ROOT } from "./golden-cases.js";

const TRIP_PLANNER = join(REPOSITORY_ROOT, "examples", "trip-planner");

export async function writeClientAsJavaScript(into: string): Promise<void> {
  for (const entry of await readdir(TRIP_PLANNER, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const source = join(entry.parentPath, entry.name);
    const target = join(into, relative(TRIP_PLANNER, source).replace(/\.ts$/, ".js"));
    await mkdir(dirname(target), { recursive: true });
    if (!source.endsWith(".ts")) {
      await cp(source, target);
      continue;
    }
    const { outputText } = ts.transpileModule(await readFile(source, "utf8"), {
      compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
    });
    await writeFile(target, outputText);
  }
}
