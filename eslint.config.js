import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

const transport = ["@trpc/*", "react-router", "@react-router/*", "hono", "hono/*", "@hono/*"];

export default tseslint.config(
  {
    ignores: [
      "build/",
      ".react-router/",
      "node_modules/",
      ".tools/",
      "data/",
      "test-results/",
      "playwright-report/",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
    },
  },
  {
    files: ["web/**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  // Import direction (docs/architecture.md).
  {
    // common/ is isomorphic: it imports nothing from web/ or server/.
    files: ["common/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["#server/*", "**/server/**", "#web/*", "**/web/**"],
              message: "common/ imports nothing from web/ or server/.",
            },
          ],
        },
      ],
    },
  },
  {
    // Domain code never imports transport.
    files: ["server/modules/**/*.ts", "server/flows/**/*.ts"],
    ignores: ["server/modules/**/*.router.ts", "server/modules/**/*.test.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            { group: transport, message: "Domain code never imports transport (tRPC, React Router, Hono)." },
          ],
        },
      ],
    },
  },
  {
    // Web code imports server code only as types, except in *.server.ts files.
    files: ["web/**/*.{ts,tsx}"],
    ignores: ["web/**/*.server.ts", "web/entry.server.tsx"],
    rules: {
      "no-restricted-imports": "off",
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["#server/*", "**/server/**"],
              allowTypeImports: true,
              message: "Web code imports server code only as types or from *.server.ts files.",
            },
          ],
        },
      ],
    },
  },
);
