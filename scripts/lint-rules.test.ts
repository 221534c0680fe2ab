import { readFileSync } from "node:fs";
import path from "node:path";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "..");
const eslint = new ESLint({ cwd: root });

/** The rules a file's text breaks, as if it were at `file` in the project. */
async function broken(file: string, text: string): Promise<string[]> {
  const [result] = await eslint.lintText(text, { filePath: path.join(root, file) });
  return result!.messages.map((m) => `${m.ruleId}: ${m.message}`);
}

const ordersService = "server/modules/orders/orders.service.ts";

describe("the layers, as `npm run lint` enforces them (docs/architecture.md)", () => {
  it("passes the orders module as it is", async () => {
    expect(await broken(ordersService, readFileSync(path.join(root, ordersService), "utf8"))).toEqual([]);
  });

  it("refuses a module importing a flow, a read, the API or another module (the audit log's kernel aside)", async () => {
    const text = [
      'import { placeOrders } from "../../flows/orders/place.ts";',
      'import { listOrders } from "#server/read/orders.ts";',
      'import { appRouter } from "../../api/app-router.ts";',
      'import { move } from "../ledger/ledger.service.ts";',
      'import { recordAudit } from "../audit/audit.service.ts";',
      "export const probe = [placeOrders, listOrders, appRouter, move, recordAudit];",
    ].join("\n");
    const messages = await broken("server/modules/orders/probe.ts", text);
    const restricted = messages.filter((m) => m.startsWith("no-restricted-imports"));
    expect(restricted).toHaveLength(4);
    expect(restricted.filter((m) => m.includes("never imports another module"))).toHaveLength(1);
    expect(restricted.filter((m) => m.includes("audit.service"))).toEqual([]);
  });

  it("refuses an import cycle: the orders module importing a flow that imports it", async () => {
    const text = `${readFileSync(path.join(root, ordersService), "utf8")}
import { placeOrders } from "../../flows/orders/place.ts";
export const probe = placeOrders;
`;
    const messages = await broken(ordersService, text);
    expect(messages.filter((m) => m.startsWith("import-x/no-cycle"))).toEqual([
      "import-x/no-cycle: Dependency cycle detected",
    ]);
  });

  it("lets a module's tables name another module's tables for their foreign keys, and nothing else of it", async () => {
    expect(
      await broken(
        "server/modules/orders/probe.tables.ts",
        'import { users } from "../auth/auth.tables.ts";\nexport const probe = users;\n',
      ),
    ).toEqual([]);
    const messages = await broken(
      "server/modules/orders/probe.tables.ts",
      'import { recordAudit } from "../audit/audit.service.ts";\nexport const probe = recordAudit;\n',
    );
    expect(messages.some((m) => m.includes("never imports another module"))).toBe(true);
  });

  /** The no-restricted-imports messages of a probe at `file` importing each of `imports`. */
  async function refused(file: string, imports: string[]): Promise<string[]> {
    const text = [
      ...imports.map((from, i) => `import * as probe${i} from "${from}";`),
      `export const probes = [${imports.map((_, i) => `probe${i}`).join(", ")}];`,
    ].join("\n");
    return (await broken(file, text)).filter((m) => m.startsWith("no-restricted-imports"));
  }

  it("refuses a read importing a flow, the API, HTTP or the seed (reads never write)", async () => {
    const above = [
      "../flows/orders/pay.ts",
      "#server/flows/cart.ts",
      "../api/app-router.ts",
      "#server/http/app.ts",
      "../seed/seed.ts",
      "../main.ts",
    ];
    expect(await refused("server/read/probe.ts", above)).toHaveLength(above.length);
    // What a read may import.
    expect(
      await refused("server/read/probe.ts", [
        "../modules/orders/orders.service.ts",
        "#server/platform/clock.ts",
        "../db/client.ts",
        "#common/money.ts",
        "./orders.ts",
      ]),
    ).toEqual([]);
  });

  it("refuses a flow importing HTTP, the API, tRPC or the seed, at any depth", async () => {
    expect(
      await refused("server/flows/orders/probe.ts", [
        "../../http/chat-stream.ts",
        "#server/http/app.ts",
        "../../api/app-router.ts",
        "#server/trpc/init.ts",
        "../../seed/seed.ts",
      ]),
    ).toHaveLength(5);
    expect(await refused("server/flows/orders/steps/probe.ts", ["../../../http/app.ts"])).toHaveLength(1);
    expect(await refused("server/flows/probe.ts", ["./http-free.ts", "../read/orders.ts"])).toEqual([]);
  });

  it("refuses a flow folder importing another's use case; its steps are what it lends", async () => {
    const useCases = [
      "../payments/refunds.ts",
      "../shipping/track.ts",
      "../wallet/withdraw.ts",
      "#server/flows/payments/refunds.ts",
    ];
    expect(await refused("server/flows/orders/probe.ts", useCases)).toHaveLength(useCases.length);
    expect(await refused("server/flows/orders/steps/probe.ts", ["../../shipping/desk.ts"])).toHaveLength(1);
    expect(await refused("server/flows/payments/probe.ts", ["../orders/cancel.ts"])).toHaveLength(1);
    expect(
      await refused("server/flows/orders/probe.ts", [
        "../payments/steps/refund.ts",
        "../shipping/steps/track.ts",
        "#server/flows/payments/steps/refund.ts",
        "#server/flows/orders/pay.ts",
        "./steps/cancel.ts",
        "./pay.ts",
      ]),
    ).toEqual([]);
  });

  it("refuses the API importing HTTP, an adapter importing a flow, and the floor importing the shop", async () => {
    expect(
      await refused("server/api/shop/probe.ts", ["../../http/app.ts", "#server/seed/seed.ts"]),
    ).toHaveLength(2);
    expect(
      await refused("server/adapters/midtrans/probe.ts", [
        "../../flows/payments/apply.ts",
        "#server/read/orders.ts",
      ]),
    ).toHaveLength(2);
    expect(
      await refused("server/platform/probe.ts", [
        "../modules/orders/orders.service.ts",
        "../flows/cart.ts",
        "#server/adapters/payment-provider.ts",
      ]),
    ).toHaveLength(3);
    // The schema collects the modules' tables, and nothing else of them.
    expect(await refused("server/db/probe.ts", ["../modules/orders/orders.tables.ts"])).toEqual([]);
  });
});
