/** This runtime's version, sent as `clientInfo.version` and written into provenance headers. */
export const RUNTIME_VERSION = "0.1.0";

/**
 * The version of the contract between generated code and this runtime (the names in
 * generated-api.ts and what they do). Written into every generated file's header. It goes up
 * when generated code changes in a way a runtime of the previous version cannot serve (a name it
 * imports, an overload shape `WithoutClient` must keep) or when the runtime drops or changes
 * something older generated code uses.
 *
 * 2: call options with input handlers and manual mode (`CallOptions`, `MaybeInputRequired`,
 * `InputRequiredResult`), and the task forms of tools (`CreateTaskResult`,
 * `ToolAwaitTaskOptions`, `ToolReturnTaskOptions`, four-overload `WithoutClient`).
 * 3: tools typed by named call forms (`defineTool<Input, Result, Form>`, the binding's `call`
 * exported as the tool's function, `bindTo` for the client's member; tool-call-forms.ts), and a
 * tool's input left out sent as `{}` by the runtime.
 * 4: the test kit (`createMockClient` and its types, imported by `mock.ts`) and the tool list for
 * LLM applications (`describeTools`, imported by `all-tools.ts`).
 * 5: a tool's `needs` (the client capabilities it is listed for, checked before a call is sent)
 * in `defineTool`'s spec, and the `Skill` type, imported by `skills.ts`.
 */
export const GENERATED_API_VERSION = 5;
