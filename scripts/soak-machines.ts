// The soak's machines (scripts/soak.ts): the shop's production servers, started and killed, and nginx in front of
// them; every process started is killed when the soak exits.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { openSync, writeFileSync } from "node:fs";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { serverArgs, serverEnvironment } from "./server-command.ts";

const root = path.resolve(import.meta.dirname, "..");

/** Every process the soak started: killed when it exits. */
const children = new Set<ChildProcess>();

export function stopAll() {
  for (const child of children) child.kill("SIGKILL");
}
process.on("exit", stopAll);

/** Waits until `url` answers, while `alive` says the process behind it still runs. */
async function waitFor(url: string, timeoutMs: number, alive: () => boolean = () => true) {
  const deadline = performance.now() + timeoutMs;
  while (performance.now() < deadline) {
    if (!alive()) throw new Error(`${url}: the process exited`);
    try {
      if ((await fetch(url, { signal: AbortSignal.timeout(2000) })).ok) return;
    } catch {
      // not yet
    }
    await sleep(100);
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

/** One production server of the shop, started (and started again) and killed by the soak. */
export interface Instance {
  name: string;
  port: number;
  base: string;
  child?: ChildProcess;
  start(): Promise<void>;
  kill(): void;
}

export function instance(name: string, port: number, env: Record<string, string>, logDir: string): Instance {
  const self: Instance = {
    name,
    port,
    base: `http://127.0.0.1:${port}`,
    async start() {
      const child = spawn(process.execPath, serverArgs, {
        cwd: root,
        env: {
          PATH: process.env.PATH ?? "",
          HOME: process.env.HOME ?? "/tmp",
          ...serverEnvironment,
          ...env,
          PORT: String(port),
        },
        stdio: [
          "ignore",
          openSync(path.join(logDir, `${name}.log`), "a"),
          openSync(path.join(logDir, `${name}.log`), "a"),
        ],
      });
      children.add(child);
      child.once("exit", () => children.delete(child));
      self.child = child;
      await waitFor(
        `${self.base}/readyz`,
        60_000,
        () => child.exitCode === null && child.signalCode === null,
      );
    },
    kill() {
      self.child?.kill("SIGKILL");
    },
  };
  return self;
}

/** nginx from Debian's package, in the foreground, with a configuration and folders of its own. */
export async function startNginx(port: number, upstreams: number[], dir: string): Promise<{ stop(): void }> {
  const which = spawnSync("sh", ["-c", "command -v nginx || ls /usr/sbin/nginx"], { encoding: "utf8" });
  const binary = which.stdout.trim().split("\n")[0];
  if (!binary) throw new Error("nginx is not installed (Debian's nginx-light or nginx)");
  const conf = path.join(dir, "nginx.conf");
  writeFileSync(
    conf,
    `${process.getuid?.() === 0 ? "user root;\n" : ""}worker_processes 1;
daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/nginx-error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  client_max_body_size 8m;
  upstream shop {
${upstreams.map((p) => `    server 127.0.0.1:${p} max_fails=1 fail_timeout=2s;`).join("\n")}
    keepalive 32;
  }
  server {
    listen 127.0.0.1:${port};
    location / {
      proxy_pass http://shop;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      # A request no instance answered goes to the other; a write (POST) only when it never reached one.
      proxy_next_upstream error timeout http_502 http_503;
      proxy_connect_timeout 2s;
      # Live chat streams are passed through as they come.
      proxy_buffering off;
      proxy_read_timeout 60s;
    }
  }
}
`,
  );
  const child = spawn(binary, ["-e", `${dir}/nginx-error.log`, "-p", dir, "-c", conf], {
    stdio: ["ignore", "ignore", "inherit"],
  });
  children.add(child);
  await waitFor(`http://127.0.0.1:${port}/healthz`, 10_000, () => child.exitCode === null);
  return {
    stop() {
      child.kill("SIGTERM");
    },
  };
}
