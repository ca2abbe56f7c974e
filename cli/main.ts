#!/usr/bin/env node
/**
 * The `mcp-codegen` executable.
 */
import { runCli } from "./program.js";

process.exitCode = await runCli(process.argv.slice(2));
