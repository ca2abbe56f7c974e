/**
 * Type-level tests of the task forms of generated tools (the `task-forms` golden case, whose server
 * declares the tasks extension) next to a tool without them (the `mrtr` case). A small consumer
 * is compiled under both generated-code configurations, and by the lowest supported TypeScript
 * too: `WithoutClient` tells two overloads from four by how the compiler infers from overloads.
 * `@ts-expect-error` lines must fail and every other line must compile (see
 * generated-types.test.ts for the method).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REPOSITORY_ROOT } from "../support/golden-cases.js";
import { loadLowestTypeScript } from "../support/lowest-typescript.js";
import { assertRuntimeBuilt, GENERATED_CODE_CONFIGS, typecheck } from "../support/typecheck.js";

const COMPILE_TIMEOUT = 120_000;
const TASKS = "../../test/golden/task-forms/expected/index.js";
const MRTR = "../../test/golden/mrtr/expected/index.js";

const CONSUMER = `
import {
  isCreateTaskResult,
  type CallToolResult,
  type CreateTaskResult,
  type MaybeInputRequired,
  type McpClient,
  type ToolResult,
} from "@mcp-codegen/runtime";
import { report, type ReportOutput, type TaskFixtureClient } from "${TASKS}";
import { busy, type MrtrFixtureClient } from "${MRTR}";

type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
function expectTrue<T extends true>(_proof?: T): void {}

declare const client: TaskFixtureClient;
declare const raw: McpClient;
declare const plain: MrtrFixtureClient;
type Report = ToolResult<ReportOutput>;

export async function forms(): Promise<void> {
  const awaited = await client.tools.report({ topic: "q3" }, { task: "await", taskTimeout: 5000 });
  expectTrue<Equal<typeof awaited, Report>>();
  const direct = await client.tools.report({ topic: "q3" });
  expectTrue<Equal<typeof direct, Report>>();

  const handle = await client.tools.report({ topic: "q3" }, { task: "return" });
  expectTrue<Equal<typeof handle, Report | CreateTaskResult>>();
  if (isCreateTaskResult(handle)) {
    expectTrue<Equal<typeof handle.taskId, string>>();
  } else if (handle.isError !== true) {
    expectTrue<Equal<typeof handle.structuredContent, ReportOutput>>();
  }

  const manual = await client.tools.report({ topic: "q3" }, { task: "return", manual: true });
  expectTrue<Equal<typeof manual, MaybeInputRequired<Report> | CreateTaskResult>>();
  const rounds = await client.tools.report({ topic: "q3" }, { manual: true });
  expectTrue<Equal<typeof rounds, MaybeInputRequired<Report>>>();

  // The standalone function has the same forms.
  const standalone = await report(raw, { topic: "q3" }, { task: "return" });
  expectTrue<Equal<typeof standalone, Report | CreateTaskResult>>();
  const required = await client.tools.onlyTask();
  expectTrue<Equal<typeof required, CallToolResult>>();

  // @ts-expect-error -- no such task mode
  await client.tools.report({ topic: "q3" }, { task: "later" });
  // @ts-expect-error -- the wait options belong to the awaiting form
  await client.tools.report({ topic: "q3" }, { task: "return", taskTimeout: 5000 });
}

export async function withoutTasks(): Promise<void> {
  await plain.tools.busy({}, { manual: true });
  // @ts-expect-error -- a tool that never runs as a task takes no task option
  await plain.tools.busy({}, { task: "await" });
  // @ts-expect-error -- nor does its standalone function
  await busy(raw, {}, { task: "return" });
}
`;

describe("task forms of generated tools, at the type level", () => {
  let dir = "";
  let file = "";

  beforeAll(() => {
    assertRuntimeBuilt();
    mkdirSync(join(REPOSITORY_ROOT, ".tmp"), { recursive: true });
    // Two levels below the repository root, as the relative imports above assume.
    dir = mkdtempSync(join(REPOSITORY_ROOT, ".tmp", "generated-task-types-"));
    file = join(dir, "task-forms.ts");
    writeFileSync(file, CONSUMER);
  });
  afterAll(() => {
    if (dir !== "") rmSync(dir, { recursive: true, force: true });
  });

  describe.each(GENERATED_CODE_CONFIGS)("$label", ({ options }) => {
    it(
      "every form narrows as documented, and a tool without tasks refuses `task`",
      () => {
        const diagnostics = typecheck([file], options);
        if (diagnostics.length > 0) {
          expect.fail(`${diagnostics.length} diagnostics:\n${diagnostics.join("\n")}`);
        }
      },
      COMPILE_TIMEOUT,
    );
  });

  it(
    "holds under the lowest supported TypeScript",
    async () => {
      const lowest = await loadLowestTypeScript();
      const options = {
        ...GENERATED_CODE_CONFIGS[0]!.options,
        // Its enum has no ES2023 target; the lib is named explicitly anyway.
        target: lowest.ScriptTarget.ES2022,
      };
      const program = lowest.createProgram({ rootNames: [file], options });
      const diagnostics = lowest
        .getPreEmitDiagnostics(program)
        .map((d) => lowest.flattenDiagnosticMessageText(d.messageText, " "));
      expect(diagnostics).toEqual([]);
    },
    COMPILE_TIMEOUT,
  );
});
