/**
 * `pullContract` with authentication: an HTTP server is reached as its job's `auth` choice says
 * (see auth/http-auth.ts); a stdio server is pulled as is.
 */
import type { ConnectTarget } from "@mcp-codegen/runtime";
import type { PulledContract } from "../../templates/index.js";
import {
  prepareHttpAuth,
  tokenStoreRefusal,
  type AuthChoice,
  type AuthEnvironment,
} from "../auth/index.js";
import { pullContract, recordedCapabilities, type PullOptions } from "./pull-contract.js";

export async function pullAuthenticated(
  target: ConnectTarget,
  options: PullOptions,
  choice: AuthChoice,
  environment: AuthEnvironment,
): Promise<PulledContract> {
  if (!("url" in target)) return pullContract(target, options);
  const recorded = recordedCapabilities(options);
  const prepared = await prepareHttpAuth(target, recorded, choice, environment, options.label);
  try {
    return await pullContract(prepared.target, {
      ...options,
      fromConfig: choice.fromConfig,
      clientCapabilities: recorded,
      connectCapabilities: prepared.capabilities,
    });
  } catch (error) {
    throw tokenStoreRefusal(error) ?? prepared.explain(error);
  } finally {
    await prepared.close();
  }
}
