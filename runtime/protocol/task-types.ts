/**
 * A task's metadata and status (the tasks extension, `io.modelcontextprotocol/tasks`), apart from
 * tasks.ts so that errors.ts can name a cancelled task without importing the task client.
 */

/** The extension's identifier, declared under `extensions` in the client capabilities. */
export const TASKS_EXTENSION = "io.modelcontextprotocol/tasks";

export type TaskStatus = "working" | "input_required" | "completed" | "cancelled" | "failed";

/** A task's metadata, as the server reports it. */
export interface Task {
  /** The server's identifier for the task; keep it to resume polling after a restart. */
  taskId: string;
  status: TaskStatus;
  statusMessage?: string;
  /** ISO 8601. */
  createdAt: string;
  /** ISO 8601. */
  lastUpdatedAt: string;
  /** Lifetime from creation in milliseconds; `null` for unlimited. */
  ttlMs: number | null;
  /** How often the server would like to be polled, in milliseconds. */
  pollIntervalMs?: number;
}

export interface CancelledTask extends Task {
  status: "cancelled";
}
