/** The messages between `background-writes.ts` and its worker, `file-writer.ts`. */

/** What the worker is handed when it starts. */
export interface FileWriterData {
  /** The output folder; nothing but a snapshot was in it when the run began. */
  root: string;
  /** Whether it exists (then it is used as it is, a link included: the user named it). */
  rootExists: boolean;
}

export type FileWriterRequest =
  /** Files to create, each `[path relative to root with "/", content]`. */
  | { type: "files"; files: Array<[string, string]> }
  /** No more files: answer with what was created. */
  | { type: "end" };

export interface FileWriterReply {
  type: "ended";
  /** The files it created, relative to the root, in order. */
  files: string[];
  /** The folders it created (the root, folders above it, folders below it), parents first. */
  folders: string[];
  /** Whether it stopped early: something was in the way, or a call failed. */
  gaveUp: boolean;
}
