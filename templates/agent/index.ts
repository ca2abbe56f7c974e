/**
 * The agent pack (`pull --agent`): SKILL.md, api.d.ts, per-tool declarations and a search index
 * under `<out>/agent/`, describing the generated API the way code mode's sandbox calls it.
 */
export { AGENT_FOLDER, agentFiles, hasAgentMarker } from "./agent-files.js";
export { SEARCH_INDEX_FORMAT } from "./search-index.js";
