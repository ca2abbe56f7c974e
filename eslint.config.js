// One lint config for the whole repository: typescript-eslint's recommended rules on top of
// ESLint's, with the few project rules that keep generated and hand-written code honest.
import js from "@eslint/js";
import tseslint from "typescript-eslint";

export default tseslint.config(
  {
    ignores: [
      "dist/**",
      "runtime/dist/**",
      "node_modules/**",
      "test/golden/**",
      "**/.tmp/**",
      "coverage/**",
      // The docs build: the API reference TypeDoc writes, and VitePress's output and cache.
      "docs/api/**",
      "docs/.vitepress/dist/**",
      "docs/.vitepress/cache/**",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    // Generated files start with `/* eslint-disable */` so users' linters skip them; this
    // repository still lints its generated example, in a second pass that ignores inline
    // directives (`npm run lint`: `eslint --no-inline-config examples/trip-planner`).
    files: ["examples/trip-planner/**"],
    linterOptions: { reportUnusedDisableDirectives: "off" },
  },
  {
    languageOptions: {
      globals: {
        process: "readonly",
        console: "readonly",
        Buffer: "readonly",
        setTimeout: "readonly",
        clearTimeout: "readonly",
        setImmediate: "readonly",
        URL: "readonly",
        AbortController: "readonly",
        AbortSignal: "readonly",
        TextEncoder: "readonly",
        TextDecoder: "readonly",
      },
    },
    rules: {
      "@typescript-eslint/no-explicit-any": "error",
      "@typescript-eslint/consistent-type-imports": "error",
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_" },
      ],
      "no-constant-condition": ["error", { checkLoops: false }],
    },
  },
  {
    // The runtime's core (runtime/*.ts, not runtime/node/) is what every platform loads: browsers,
    // Workers, Deno and Bun as well as Node. Node-only code lives in runtime/node/, installed by the
    // entry point the `node`/`bun`/`deno` export conditions pick (platform.ts); types from there
    // (or undici's) cost nothing at run time and stay allowed. No dynamic import of it either: a
    // bundler would follow it. Every folder of runtime/ but node/ is core.
    files: ["runtime/**/*.ts"],
    ignores: ["runtime/node/**", "runtime/dist/**"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [
            { group: ["node:*"], message: "Node-only: put it in runtime/node/." },
            {
              group: ["undici", "./node/*", "../node/*", "../../node/*"],
              allowTypeImports: true,
              message:
                "Node-only at run time: import types only, or install it from a platform entry.",
            },
          ],
        },
      ],
      "no-restricted-globals": [
        "error",
        { name: "process", message: "Node-only: put it in runtime/node/." },
        { name: "Buffer", message: "Node-only: use Uint8Array, TextEncoder or TextDecoder." },
        { name: "setImmediate", message: "Node-only: use queueMicrotask or setTimeout." },
      ],
      "no-restricted-syntax": [
        "error",
        {
          selector: "ImportExpression[source.value=/^(node:|undici$|(\\.\\.?\\/)+node\\/)/]",
          message:
            "Node-only: a bundler follows dynamic imports too; install it from a platform entry.",
        },
      ],
    },
  },
);
