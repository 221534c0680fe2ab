import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import { createNodeResolver, importX } from "eslint-plugin-import-x";
import globals from "globals";
import tseslint from "typescript-eslint";

const transport = ["@trpc/*", "react-router", "@react-router/*", "hono", "hono/*", "@hono/*"];
/** server/ by relative path or through the `#server/*` alias (not a package's `server/` folder, as in `@trpc/server/observable`). */
const serverCode = "^#server/|^(?!@)(.*/)?server/";
const serverOrWeb = "^#(server|web)/|(^|/)(server|web)/";
/** Another module's tables, from inside server/modules/<module>/. */
const otherModuleTables = "^\\.\\./[a-z-]+/[a-z-]+\\.tables\\.ts$";
/** Web code imports server code only as types or from *.server.ts files. */
const serverCodeAsTypes = {
  regex: serverCode,
  allowTypeImports: true,
  message: "Web code imports server code only as types or from *.server.ts files.",
};
/** zod, libphonenumber and what loads them (the contracts' schemas, account parsing), as types only. */
const zodFree = {
  regex: "^(zod|libphonenumber-js)(/|$)|^#common/(contracts/.*|account\\.ts)$",
  allowTypeImports: true,
  message:
    "Pages load no zod or libphonenumber: take constants from #common/sorts.ts, accounts' display from #common/account-display.ts, or import types only.",
};
/** Every country's phone rules stay on the server, which sends formatted numbers. */
const phoneRulesOnServer = {
  regex: "^#common/phone-format\\.ts$",
  allowTypeImports: true,
  message: "Phone numbers of any country are formatted on the server (whatsappText in the web config).",
};
/** A module's queries are its own: from elsewhere, call its service. */
const moduleBoundary = [
  {
    regex: "(^|/)modules/[a-z-]+/[a-z-]+\\.queries\\.ts$|^\\.\\./[a-z-]+/[a-z-]+\\.queries\\.ts$",
    message: "A module is used from outside only through its *.service.ts.",
  },
];

/** What sits above the modules: they never import it. */
const upward =
  "^(\\.\\./\\.\\./|#server/)(flows|api|read|http|trpc|seed)/|^(\\.\\./\\.\\./|#server/)(main|render)\\.ts$";
const modulesAtTheBottom = [
  {
    regex: upward,
    message:
      "A module imports only its own files, server/platform, server/db and common: what crosses modules is a flow (server/flows) or a read (server/read).",
  },
  {
    // The audit log is a shared kernel (docs/decisions/0017-layers-and-use-cases.md): any module's operator
    // action records its audit entry, through `recordAudit`, in its own transaction.
    regex: "^\\.\\./(?!audit/audit\\.service\\.ts$)[a-z-]+/|^(\\.\\./\\.\\./|#server/)modules/",
    message:
      "A module never imports another module (only the audit log's recordAudit, a shared kernel): a use case across modules is a flow (server/flows), a view across them a read (server/read).",
  },
];
/** The flow folders that lend each other steps. */
const flowFolders = ["orders", "payments", "shipping", "wallet", "chat"];
/** Domain code never imports transport. */
const noTransport = {
  group: transport,
  message: "Domain code never imports transport (tRPC, React Router, Hono).",
};
/** An import of one of server/'s `layers`, by relative path or through the `#server/*` alias, or of main/render. */
function above(layers, message) {
  return {
    regex: `^((\\.\\./)+|#server/)(${layers.join("|")})/|^((\\.\\./)+|#server/)(main|render)\\.ts$`,
    message,
  };
}
const flowsMessage =
  "A flow imports modules, reads, server/platform, server/db and common: never the API, HTTP, tRPC or the seed.";
const readMessage =
  "A read imports modules, server/platform, server/db and common: never a flow (reads never write), the API, HTTP, tRPC or the seed.";
const apiMessage = "The API imports flows, reads and services: never the HTTP layer or the seed.";
const adaptersMessage =
  "An adapter implements a port of server/platform: it never imports a flow, a read, the API, HTTP, tRPC or the seed.";
const floorMessage =
  "server/platform and server/db are the floor: they import only each other and common (the schema, modules' tables).";
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
  // One way to do each thing (docs/architecture.md, rule 6).
  {
    files: ["server/**/*.ts", "web/**/*.{ts,tsx}", "common/**/*.ts"],
    ignores: ["server/platform/env.ts", "**/*.test.ts"],
    rules: {
      "no-restricted-properties": [
        "error",
        {
          object: "process",
          property: "env",
          message: "Read settings from server/platform/env.ts (parsed once).",
        },
      ],
      "no-restricted-syntax": [
        "error",
        {
          selector: "NewExpression[callee.object.name='Intl'][callee.property.name='NumberFormat']",
          message: "Format numbers and money with web/lib/format.ts and common/money.ts.",
        },
      ],
    },
  },
  {
    files: ["common/money.ts", "web/lib/format-compact.ts"],
    rules: { "no-restricted-syntax": "off" },
  },
  {
    // Domain code reads time from the one clock, so tests can move it.
    files: ["server/modules/**/*.ts", "server/flows/**/*.ts", "server/read/**/*.ts"],
    ignores: ["**/*.test.ts"],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector: "NewExpression[callee.name='Date'][arguments.length=0]",
          message: "Use now() from server/platform/clock.ts.",
        },
        {
          selector: "CallExpression[callee.object.name='Date'][callee.property.name='now']",
          message: "Use now() from server/platform/clock.ts.",
        },
        {
          selector: "NewExpression[callee.object.name='Intl'][callee.property.name='NumberFormat']",
          message: "Format numbers and money with web/lib/format.ts and common/money.ts.",
        },
      ],
    },
  },
  // No import cycles anywhere (docs/architecture.md, rule 1): a cycle is a layer running back up or two
  // files that should be one. Resolved as Node resolves them, `#common/*` and `#server/*` included.
  {
    files: ["server/**/*.ts", "web/**/*.{ts,tsx}", "common/**/*.ts", "scripts/**/*.ts", "tests/**/*.ts"],
    plugins: { "import-x": importX },
    settings: {
      "import-x/extensions": [".ts", ".tsx", ".js"],
      "import-x/parsers": { "@typescript-eslint/parser": [".ts", ".tsx"] },
      "import-x/resolver-next": [createNodeResolver({ extensions: [".ts", ".tsx", ".js"] })],
    },
    rules: { "import-x/no-cycle": ["error", { ignoreExternal: true }] },
  },
  // Import direction (docs/architecture.md). Patterns are regular expressions: gitignore-style patterns would
  // read the `#server/*` alias as a comment and let it through.
  {
    // common/ is isomorphic: it imports nothing from web/ or server/.
    files: ["common/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        { patterns: [{ regex: serverOrWeb, message: "common/ imports nothing from web/ or server/." }] },
      ],
    },
  },
  {
    // A module is used from outside only through its service.
    files: ["server/**/*.ts", "scripts/**/*.ts", "tests/**/*.ts"],
    rules: { "no-restricted-imports": ["error", { patterns: moduleBoundary }] },
  },
  {
    // Flows sit under the API: they import no transport and nothing above them.
    files: ["server/flows/**/*.ts"],
    ignores: ["**/*.test.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        { patterns: [...moduleBoundary, above(["api", "http", "trpc", "seed"], flowsMessage), noTransport] },
      ],
    },
  },
  // A flow folder lends another its steps (`steps/`), never its use cases: what orders, payments, shipping and the
  // wallet share is a step one of them owns (decision 17).
  ...flowFolders.map((folder) => ({
    files: [`server/flows/${folder}/**/*.ts`],
    ignores: ["**/*.test.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            ...moduleBoundary,
            above(["api", "http", "trpc", "seed"], flowsMessage),
            {
              regex: `^((\\.\\./)+|#server/flows/)(${flowFolders.filter((f) => f !== folder).join("|")})/(?!steps/)`,
              message: `A flow of ${folder}/ takes another flow folder's steps (its steps/), never its use cases.`,
            },
            noTransport,
          ],
        },
      ],
    },
  })),
  {
    // Reads are views under the flows: they never write, so they never call a use case.
    files: ["server/read/**/*.ts"],
    ignores: ["**/*.test.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            ...moduleBoundary,
            above(["flows", "api", "http", "trpc", "seed"], readMessage),
            noTransport,
          ],
        },
      ],
    },
  },
  {
    // The API is thin transport: it calls flows, reads and services, never the HTTP layer or the seed.
    files: ["server/api/**/*.ts"],
    ignores: ["**/*.test.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        { patterns: [...moduleBoundary, above(["http", "seed"], apiMessage)] },
      ],
    },
  },
  {
    // Adapters are the outside world behind a port of server/platform: they know no use case or transport.
    files: ["server/adapters/**/*.ts"],
    ignores: ["**/*.test.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            ...moduleBoundary,
            // (A simulator is a small HTTP server of its own: Hono is its tool, not the shop's transport.)
            above(["flows", "read", "api", "http", "trpc", "seed"], adaptersMessage),
          ],
        },
      ],
    },
  },
  {
    // The platform and the database are the floor: nothing of the shop above them (the schema collects the
    // modules' tables, and only those).
    files: ["server/platform/**/*.ts", "server/db/**/*.ts"],
    ignores: ["**/*.test.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            above(["flows", "read", "api", "http", "trpc", "seed", "adapters"], floorMessage),
            { regex: "^(\\.\\./|#server/)modules/(?![a-z-]+/[a-z-]+\\.tables\\.ts$)", message: floorMessage },
            noTransport,
          ],
        },
      ],
    },
  },
  {
    // Modules are at the bottom (docs/architecture.md, rule 2): a module's files import only their own module,
    // server/platform, server/db and common. Tables may name another module's tables for their foreign keys.
    files: ["server/modules/**/*.ts"],
    ignores: ["**/*.test.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            ...moduleBoundary,
            ...modulesAtTheBottom,
            { group: transport, message: "Domain code never imports transport (tRPC, React Router, Hono)." },
          ],
        },
      ],
    },
  },
  {
    files: ["server/modules/**/*.tables.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            { regex: upward, message: modulesAtTheBottom[0].message },
            { regex: "^\\.\\./[a-z-]+/(?![a-z-]+\\.tables\\.ts$)", message: modulesAtTheBottom[1].message },
            { group: transport, message: "Domain code never imports transport (tRPC, React Router, Hono)." },
          ],
        },
      ],
    },
  },
  {
    // Queries and services touch only their own module's tables (server/read/ reads across, read-only).
    files: ["server/modules/**/*.queries.ts", "server/modules/**/*.service.ts"],
    ignores: ["**/*.test.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            ...moduleBoundary,
            ...modulesAtTheBottom,
            {
              regex: otherModuleTables,
              message:
                "Query only your own module's tables; read-only cross-module SQL lives in server/read/.",
            },
            { group: transport, message: "Domain code never imports transport (tRPC, React Router, Hono)." },
          ],
        },
      ],
    },
  },
  {
    // Web code imports server code only as types, except in *.server.ts files. Pages load no zod and no
    // libphonenumber (performance issue: each costs 20-25 KB of gzipped JavaScript): constants and
    // formatters come from zod-free modules; only the sign-in, sign-up and reset pages validate with the
    // contracts' schemas (next block).
    files: ["web/**/*.{ts,tsx}"],
    ignores: ["web/**/*.server.ts", "web/entry.server.tsx"],
    rules: {
      "no-restricted-imports": "off",
      "@typescript-eslint/no-restricted-imports": [
        "error",
        { patterns: [serverCodeAsTypes, zodFree, phoneRulesOnServer] },
      ],
    },
  },
  {
    files: ["web/features/auth/**/*.{ts,tsx}", "web/routes/auth/**/*.{ts,tsx}"],
    ignores: ["web/**/*.server.ts"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        { patterns: [serverCodeAsTypes, phoneRulesOnServer] },
      ],
    },
  },
);
