// Starts the shop with a real payment adapter pointed at its local simulator, so anyone can try the real
// flow on this machine: `./run try midtrans` or `./run try xendit` (README, "Payments"). The simulator
// listens on SIMULATOR_PORT (default 3100); its page /sim lists payments with buttons to pay, expire or
// reverse them. The shop is the built production server (`npm run build` first), on PORT (default 3000).
import { spawn } from "node:child_process";
import { startMidtransSimulator } from "../server/adapters/midtrans/midtrans.simulator.ts";
import { startXenditSimulator } from "../server/adapters/xendit/xendit.simulator.ts";

const provider = process.argv[2];
if (provider !== "midtrans" && provider !== "xendit") {
  console.error("usage: node scripts/try-provider.ts midtrans|xendit");
  process.exit(2);
}
const shopPort = Number(process.env.PORT ?? 3000);
const simulatorPort = Number(process.env.SIMULATOR_PORT ?? 3100);
const publicUrl = process.env.PUBLIC_URL ?? `http://localhost:${shopPort}`;
const notifyUrl = `${publicUrl}/payments/notify/${provider}`;
// Keys of the simulator only: they open nothing anywhere else.
const keys = {
  midtrans: "SB-Mid-server-local-simulator-key",
  xenditSecret: "xnd_development_local_simulator_key",
  xenditToken: "local-simulator-callback-token",
};
const simulator =
  provider === "midtrans"
    ? await startMidtransSimulator({ serverKey: keys.midtrans, notifyUrl, port: simulatorPort })
    : await startXenditSimulator({
        secretKey: keys.xenditSecret,
        callbackToken: keys.xenditToken,
        notifyUrl,
        port: simulatorPort,
      });
console.log(`${provider} simulator at ${simulator.url}/sim (pay, expire or reverse payments there)`);

const shop = spawn(process.execPath, ["--max-semi-space-size=16", "server/main.ts"], {
  stdio: "inherit",
  env: {
    ...process.env,
    NODE_ENV: process.env.NODE_ENV ?? "production",
    PAYMENT_PROVIDER: provider,
    ...(provider === "midtrans"
      ? { MIDTRANS_SERVER_KEY: keys.midtrans, MIDTRANS_API_URL: simulator.url }
      : {
          XENDIT_SECRET_KEY: keys.xenditSecret,
          XENDIT_CALLBACK_TOKEN: keys.xenditToken,
          XENDIT_API_URL: simulator.url,
        }),
  },
});
const stop = () => shop.kill("SIGTERM");
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
shop.on("exit", async (code) => {
  await simulator.close();
  process.exit(code ?? 0);
});
