/**
 * The source of a program that uses a generated kitchen-sink client the way a user would: the
 * end-to-end test writes it next to the generated folder, compiles both under strict settings,
 * then runs it (node --import tsx) against a live server. It calls every tool, the prompt and
 * every resource, and prints what came back as one JSON line for the test to assert on.
 *
 * It is text, not a module of this repository, because it imports code that only exists once a
 * test has pulled it. The `@ts-expect-error` lines inside `typeErrors` are part of the test: if
 * the generated types accepted those calls, compilation would fail on an unused directive.
 */
export function kitchenSinkUsageSource(clientModule: string): string {
  return `import { isMcpError, type ConnectTarget } from "@mcp-codegen/runtime";
import { createKitchenSinkClient, type KitchenSinkClient, type SumListInput } from ${JSON.stringify(clientModule)};

const target = JSON.parse(process.argv[2] ?? "null") as ConnectTarget;
const client = await createKitchenSinkClient(target);
const results: Record<string, unknown> = {};

/** Never called: each line must be rejected by the compiler. */
export function typeErrors(typed: KitchenSinkClient): void {
  // @ts-expect-error a is a number
  void typed.tools.add({ a: "1", b: 2 });
  // @ts-expect-error text is required
  void typed.tools.echo({});
  // @ts-expect-error mode is one of sum, mean, max
  void typed.tools.sumList({ items: [], mode: "median" });
  // @ts-expect-error the prompt needs a name
  void typed.prompts.greet({ style: "formal" });
  // @ts-expect-error the template needs an id
  void typed.resources.userPosts({ limit: 2 });
  void typed.tools.echo({ text: "x" }).then((result) => {
    // @ts-expect-error structuredContent is only typed once isError is ruled out
    const text: string = result.structuredContent.text;
    return text;
  });
}

try {
  const echo = await client.tools.echo({ text: "héllo \\u2603" });
  if (echo.isError) throw new Error("echo failed");
  const echoed: string = echo.structuredContent.text;
  results.echo = echoed;

  const add = await client.tools.add({ a: 2, b: 40 });
  if (add.isError) throw new Error("add failed");
  const sum: number = add.structuredContent.sum;
  results.add = sum;

  const input: SumListInput = {
    items: [{ label: "a", value: 1.26 }, { label: "b", value: 2, tags: ["x"] }],
    mode: "sum",
    options: { round: true, precision: 1 },
  };
  const aggregated = await client.tools.sumList(input);
  if (aggregated.isError) throw new Error("sum_list failed");
  const { result, count }: { result: number; count: number } = aggregated.structuredContent;
  results.sumList = { result, count };

  const failed = await client.tools.fail();
  if (failed.isError === true) {
    const block = failed.content[0];
    results.fail = block !== undefined && block.type === "text" ? block.text : "(no text)";
  } else {
    results.fail = "not an error";
  }

  const progress: Array<{ progress: number; total: number | undefined }> = [];
  const slow = await client.tools.slow(
    { steps: 3, delayMs: 1 },
    { onProgress: (update) => progress.push({ progress: update.progress, total: update.total }) },
  );
  if (slow.isError) throw new Error("slow failed");
  const steps: number = slow.structuredContent.steps;
  results.slow = { steps, progress };

  // Cancelled once the server says it is waiting, so the cancellation reaches it mid-request.
  const controller = new AbortController();
  results.waitForCancel = await client.tools
    .waitForCancel({}, { signal: controller.signal, onProgress: () => controller.abort() })
    .then(
      () => "answered",
      (error: unknown) => (isMcpError(error) ? error.kind : String(error)),
    );
  // The server records the cancellation asynchronously: ask until it has (a bounded number of times).
  let cancelled: Array<string | number> = [];
  for (let attempt = 0; attempt < 100 && cancelled.length === 0; attempt++) {
    const answer = await client.tools.cancelledRequests();
    if (answer.isError) throw new Error("cancelledRequests failed");
    cancelled = answer.structuredContent.requestIds;
    if (cancelled.length === 0) await new Promise((resolve) => setTimeout(resolve, 20));
  }
  results.cancelledRequests = cancelled.length;

  const prompt = await client.prompts.greet({ name: "Ada", style: "pirate" });
  results.greet = prompt.messages.map((message) =>
    message.content.type === "text" ? message.content.text : message.content.type,
  );

  const readme = await client.resources.readme();
  const logo = await client.resources.logo();
  const greeting = await client.resources.greeting({ name: "bob" });
  const posts = await client.resources.userPosts({ id: 7, limit: 2 });
  results.resources = [readme, logo, greeting, posts].map((read) =>
    read.contents.map((content) => ({
      uri: content.uri,
      ...("text" in content ? { text: content.text } : {}),
      ...("blob" in content ? { blob: content.blob } : {}),
    })),
  );
} finally {
  await client.close();
}
process.stdout.write(JSON.stringify(results) + "\\n");
`;
}
