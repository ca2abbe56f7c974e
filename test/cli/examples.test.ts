/**
 * The checked-in examples stay true: examples/trip-planner is exactly what its committed snapshot
 * generates (regenerated in memory by `check`, nothing written), and examples/usage.ts runs
 * against the demo server and prints what the demo server's fixed tables say it should.
 */
import { cp, readFile, writeFile } from "node:fs/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runNode, TSX_LOADER } from "../support/cli-child.js";
import { modificationTimes } from "../support/cli-files.js";
import {
  createTempProject,
  REPO_ROOT,
  runCliCaptured,
  type TempProject,
} from "../support/cli-run.js";

describe("examples/trip-planner", () => {
  it("is exactly what its committed snapshot generates", async () => {
    const before = await modificationTimes(`${REPO_ROOT}examples/trip-planner`);
    const run = await runCliCaptured(["check", "--out", "examples/trip-planner"], REPO_ROOT);
    expect(run.stderr, "regenerate with `mcp-codegen generate --out examples/trip-planner`").toBe(
      "",
    );
    expect(run.stdout).toBe("examples/trip-planner/mcp.snapshot.json: up to date\n");
    expect(run.code).toBe(0);
    expect(await modificationTimes(`${REPO_ROOT}examples/trip-planner`)).toEqual(before);
  });

  describe("a copy with one byte changed", () => {
    let copy: TempProject;
    beforeAll(async () => {
      copy = await createTempProject("examples-copy");
      await cp(`${REPO_ROOT}examples/trip-planner`, copy.path("trip-planner"), { recursive: true });
    });
    afterAll(() => copy.remove());

    it("fails the same check, naming the file", async () => {
      const file = copy.path("trip-planner/tools/book.ts");
      const text = await readFile(file, "utf8");
      await writeFile(file, text.replace("Book a flight or a hotel", "Book a flight or a hoteL"));
      const run = await runCliCaptured(["check", "--out", "trip-planner"], copy.dir);
      expect(run.code).toBe(1);
      expect(run.stderr).toContain(
        "trip-planner/mcp.snapshot.json: tools/book.ts differs from what the snapshot generates",
      );
    });
  });
});

describe("examples/usage.ts", () => {
  it("runs against the demo server and prints every answer", async () => {
    const run = await runNode(["--import", TSX_LOADER, "examples/usage.ts"], REPO_ROOT);
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    expect(run.stdout.split("\n")).toEqual([
      "plan_trip: 2 nights in Lisbon",
      "  2026-06-12: Tram 28 through Alfama",
      "  2026-06-13: Belém tower and pastéis",
      "  2026-06-14: Day trip to Sintra",
      "budget: 360 EUR = 4140 NOK",
      "convert_currency: 100 EUR = 16200 JPY",
      "book: FL-LIS-OSL-20260612 for 170 EUR",
      "trip.cancel-booking: refund 85",
      "summarize_itinerary: depth 3",
      "get_weather: Forecast for Oslo, 2 days:",
      "packing_list: 1 message(s)",
      "city-guide: # Oslo",
      "about: 1 content(s)",
      "unknown tool: McpError kind=protocol code=-32602",
      "",
    ]);
  });
});
