/**
 * Every name generated code uses, decided once for the whole snapshot: file paths, function,
 * binding, type and client-member names. Names come from `assignNames`, so they do not depend on
 * the order of the server's lists, and they never collide within a kind, across kinds, or with
 * the index file's own exports.
 */
import { assignNames, toPascalCase } from "./naming.js";
import type { Snapshot } from "./snapshot.js";
import type { Prompt, Resource, ResourceTemplate, Tool } from "@mcp-codegen/runtime";

interface Planned {
  /** Member name on the client object (`client.tools.<member>`). */
  member: string;
  /** Standalone exported function. */
  fn: string;
  /** Exported binding const (`planTripTool`). */
  binding: string;
  /** Prefix of exported type names (`PlanTrip` → `PlanTripInput`). */
  typeBase: string;
  /** Path of the module relative to the output folder, e.g. `tools/plan-trip.ts`. */
  file: string;
}

export interface PlannedTool extends Planned {
  tool: Tool;
}
export interface PlannedPrompt extends Planned {
  prompt: Prompt;
}
export interface PlannedResource extends Planned {
  resource: Resource;
}
export interface PlannedTemplate extends Planned {
  template: ResourceTemplate;
}

export interface NamePlan {
  /** PascalCase server name: `TripPlanner` for `createTripPlannerClient`. */
  client: string;
  tools: PlannedTool[];
  prompts: PlannedPrompt[];
  resources: PlannedResource[];
  templates: PlannedTemplate[];
}

/** Names the index file exports itself; no tool, prompt or resource may take them. */
function indexNames(client: string): string[] {
  return [`create${client}Client`, `bind${client}Client`, `${client}Client`];
}

/**
 * What each kind's module imports from `@mcp-codegen/runtime`: a name the module declares must not
 * be one of them. The index's own runtime imports are not here: `emit-index.ts` aliases them when
 * a tool's function takes the name, so a tool called `connect` keeps it. A name stays here after
 * modules stop importing it (tool modules no longer name `McpClient` or the option types), so a
 * tool that had to give it up is not renamed back by a later version.
 */
const MODULE_RUNTIME_IMPORTS: Readonly<Record<Kind, ReadonlySet<string>>> = {
  tool: words(
    "defineTool toolFunction linearPattern outsidePatterns CallToolResult CreateTaskResult GeneratedSchema InputRequiredResult MaybeInputRequired McpClient ToolAwaitTaskOptions ToolCallOptions ToolResult ToolReturnTaskOptions",
  ),
  prompt: words(
    "definePrompt CallOptions GetPromptResult InputRequiredResult MaybeInputRequired McpClient",
  ),
  resource: words(
    "defineResource CallOptions InputRequiredResult MaybeInputRequired McpClient ReadResourceResult",
  ),
  template: words(
    "defineResourceTemplate CallOptions InputRequiredResult MaybeInputRequired McpClient ReadResourceResult UriTemplateValue",
  ),
};

type Kind = "tool" | "prompt" | "resource" | "template";

function words(list: string): ReadonlySet<string> {
  return new Set(list.split(" "));
}

/**
 * Items keyed by their (renamed) name. A server may repeat a name: the first keeps it, later ones
 * get `<name> <tail> <n>`. The snapshot orders equal names canonically, so the keys are stable.
 */
function keyed<T>(items: readonly T[], name: (item: T) => string, tail: (item: T) => string) {
  const seen = new Map<string, number>();
  return items.map((item) => {
    const base = name(item);
    const occurrence = (seen.get(base) ?? 0) + 1;
    seen.set(base, occurrence);
    return { item, key: occurrence === 1 ? base : `${base} ${tail(item)} ${occurrence}` };
  });
}

export function planNames(
  snapshot: Snapshot,
  rename: Readonly<Record<string, string>> = {},
): NamePlan {
  const client = toPascalCase(snapshot.name);
  const reserved = indexNames(client);
  // Own properties only: a server name like "constructor" must not find Object.prototype's.
  const renamed = (raw: string): string => (Object.hasOwn(rename, raw) ? rename[raw]! : raw);

  const tools = keyed(
    snapshot.tools,
    (t) => renamed(t.name),
    (t) => t.name,
  );
  const prompts = keyed(
    snapshot.prompts,
    (p) => renamed(p.name),
    (p) => p.name,
  );
  const resources = keyed(
    [
      ...snapshot.resources.map((resource) => ({ resource, template: undefined })),
      ...snapshot.resourceTemplates.map((template) => ({ resource: undefined, template })),
    ],
    (r) => renamed((r.resource ?? r.template)!.name),
    (r) => r.resource?.uri ?? r.template!.uriTemplate,
  );

  const toolMembers = assignNames(tools, "camel", { reserved });
  const toolTypes = assignNames(tools, "pascal", { reserved });
  const toolFiles = assignNames(tools, "kebab");
  const promptMembers = assignNames(prompts, "camel", { reserved });
  const promptTypes = assignNames(prompts, "pascal", { reserved });
  const promptFiles = assignNames(prompts, "kebab");
  const resourceMembers = assignNames(resources, "camel", { reserved });
  const resourceTypes = assignNames(resources, "pascal", { reserved });
  const resourceFiles = assignNames(resources, "kebab");

  // Lowercase, as assignNames compares: the stems a prompt's names may not shorten to.
  const promptNamesTaken = new Set(
    [...promptMembers.values(), ...promptTypes.values()].map((name) => name.toLowerCase()),
  );

  const plan: NamePlan = {
    client,
    tools: tools.map(({ item, key }) => {
      const member = toolMembers.get(key)!;
      return {
        tool: item,
        member,
        fn: member,
        binding: `${member}Tool`,
        typeBase: toolTypes.get(key)!,
        file: `tools/${toolFiles.get(key)!}.ts`,
      };
    }),
    prompts: prompts.map(({ item, key }) => {
      const type = promptTypes.get(key)!;
      const member = promptMembers.get(key)!;
      const suffix = promptSuffix(type, member, promptNamesTaken);
      return {
        prompt: item,
        member,
        fn: `get${type}${suffix}`,
        binding: `${member}${suffix}`,
        typeBase: `${type}${suffix}`,
        file: `prompts/${promptFiles.get(key)!}.ts`,
      };
    }),
    resources: [],
    templates: [],
  };
  for (const { item, key } of resources) {
    const type = resourceTypes.get(key)!;
    const planned = {
      member: resourceMembers.get(key)!,
      fn: `read${type}`,
      typeBase: type,
      file: `resources/${resourceFiles.get(key)!}.ts`,
    };
    if (item.resource !== undefined) {
      plan.resources.push({
        ...planned,
        resource: item.resource,
        binding: `${planned.member}Resource`,
      });
    } else {
      plan.templates.push({
        ...planned,
        template: item.template!,
        binding: `${planned.member}Template`,
      });
    }
  }
  resolveCrossKindCollisions(plan);
  return plan;
}

/**
 * What a prompt's function, binding and type names end with: `Prompt`, unless its name already
 * ends so (`args_prompt` gives `getArgsPrompt`, not `getArgsPromptPrompt`). The stem must not name
 * another prompt: with `args` there too, `args_prompt` keeps the suffix, so the names stay unique
 * (a stripped `getArgsPrompt` could only meet the plain name of a prompt whose type is the stem).
 */
function promptSuffix(type: string, member: string, taken: ReadonlySet<string>): "" | "Prompt" {
  const stem = (name: string) => name.slice(0, -"Prompt".length).toLowerCase();
  const endsInPrompt = (name: string) => name.length > "Prompt".length && name.endsWith("Prompt");
  if (!endsInPrompt(type) || !endsInPrompt(member)) return "Prompt";
  return taken.has(stem(type)) || taken.has(stem(member)) ? "Prompt" : "";
}

/** Exported names a module declares, for the cross-kind check. */
function exportedNames(entry: Planned, kind: Kind): string[] {
  switch (kind) {
    case "tool":
      return [entry.fn, entry.binding, `${entry.typeBase}Input`, `${entry.typeBase}Output`];
    case "prompt":
      return [entry.fn, entry.binding, `${entry.typeBase}Arguments`];
    case "resource":
      return [entry.fn, entry.binding];
    case "template":
      return [entry.fn, entry.binding, `${entry.typeBase}Params`];
  }
}

/**
 * The index re-exports every module, so two kinds must not export the same name (a tool named
 * `get_x_prompt` next to a prompt `x`), and a module cannot declare a name it imports (a tool
 * `define` would make `defineTool`). Rare; when it happens the later kind in the order tools,
 * prompts, resources, templates, or the module itself, gets a `_<kind>` suffix on all its names,
 * which depends only on the set of names, not on list order.
 */
function resolveCrossKindCollisions(plan: NamePlan): void {
  const taken = new Set(indexNames(plan.client));
  const groups = [
    ["tool", plan.tools],
    ["prompt", plan.prompts],
    ["resource", plan.resources],
    ["template", plan.templates],
  ] as const;
  for (const [kind, entries] of groups) {
    for (const entry of entries) {
      // A module's names must also avoid what that module imports; client members (object keys)
      // need not.
      const clashes = (name: string) => taken.has(name) || MODULE_RUNTIME_IMPORTS[kind].has(name);
      if (exportedNames(entry, kind).some(clashes)) {
        entry.fn = `${entry.fn}_${kind}`;
        entry.binding = `${entry.binding}_${kind}`;
        entry.typeBase = `${entry.typeBase}_${kind}`;
      }
      for (const name of exportedNames(entry, kind)) taken.add(name);
    }
  }
}
