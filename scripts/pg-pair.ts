// A PostgreSQL primary with a streaming replica of its own, made here from Debian's PostgreSQL: what the read
// replica is proven with (server/db/replicas.test.ts) and what the two-instance soak runs on
// (scripts/soak.ts). The pair is new each time: `initdb` makes the primary (trust on 127.0.0.1, replication
// allowed), `pg_basebackup -R` copies it into the replica, which then follows the primary's WAL stream.
// It never touches the machine's own cluster on 5432.
//
//   node scripts/pg-pair.ts start [port]   starts a pair (primary on port, replica on port + 1; default 5440)
//   node scripts/pg-pair.ts stop [port]    stops it and removes its folders
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

export interface PgPair {
  primaryUrl: string;
  replicaUrl: string;
  /** Stops the replica (a fast shutdown), as a replica that goes away would. */
  stopReplica(): void;
  /** Starts it again; it catches up from the primary's WAL. */
  startReplica(): void;
  /** Stops both and removes their folders. */
  stop(): void;
}

/** PostgreSQL's own binaries (Debian puts them beside each other, one folder per major version). */
function pgBin(): string {
  const root = "/usr/lib/postgresql";
  const versions = existsSync(root)
    ? readdirSync(root)
        .filter((v) => existsSync(path.join(root, v, "bin/initdb")))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (versions.length === 0) throw new Error("PostgreSQL's server binaries are not installed (postgresql)");
  return path.join(root, versions[0]!, "bin");
}

/** PostgreSQL refuses to run as root: as root, its programs run as the `postgres` user. */
function run(program: string, args: string[], opts: { allowFailure?: boolean } = {}): void {
  const asRoot = process.getuid?.() === 0;
  const [cmd, argv] = asRoot
    ? ["runuser", ["-u", "postgres", "--", path.join(pgBin(), program), ...args]]
    : [path.join(pgBin(), program), args];
  const result = spawnSync(cmd, argv, { stdio: ["ignore", "pipe", "pipe"], encoding: "utf8" });
  if (result.status !== 0 && !opts.allowFailure) {
    throw new Error(`${program} ${args.join(" ")} failed: ${result.stderr || result.stdout}`);
  }
}

const folderOf = (port: number) => path.join(tmpdir(), `pasar-pg-pair-${port}`);

function pgCtl(dataDir: string, action: "start" | "stop", port?: number): void {
  if (action === "start") {
    run("pg_ctl", [
      "-D",
      dataDir,
      "-w",
      "-l",
      path.join(dataDir, "server.log"),
      "-o",
      `-p ${port} -k ${path.dirname(dataDir)} -c listen_addresses=127.0.0.1`,
      "start",
    ]);
  } else {
    run("pg_ctl", ["-D", dataDir, "-w", "-m", "fast", "stop"], { allowFailure: true });
  }
}

/** Starts a new primary on `port` and its replica on `port + 1`, once the replica streams. */
export function startPgPair(port = 5440): PgPair {
  const folder = folderOf(port);
  stopPgPair(port);
  mkdirSync(folder, { recursive: true });
  if (process.getuid?.() === 0) execFileSync("chown", ["postgres:postgres", folder]);
  const primary = path.join(folder, "primary");
  const replica = path.join(folder, "replica");
  run("initdb", [
    "-D",
    primary,
    "-U",
    "postgres",
    "--auth=trust",
    "--no-sync",
    "-E",
    "UTF8",
    "--locale=C.UTF-8",
  ]);
  writeFileSync(
    path.join(primary, "postgresql.auto.conf"),
    [
      "wal_level = replica",
      "max_wal_senders = 5",
      "max_connections = 200",
      // A test pair: speed over durability (the machine's cluster keeps its own settings).
      "fsync = off",
      "synchronous_commit = off",
      "full_page_writes = off",
      // Replica's answers within a replica's limits: a long browse query is not cancelled by replay.
      "hot_standby_feedback = on",
      "",
    ].join("\n"),
  );
  writeFileSync(
    path.join(primary, "pg_hba.conf"),
    [
      "local all all trust",
      "host all all 127.0.0.1/32 trust",
      "host replication all 127.0.0.1/32 trust",
      "",
    ].join("\n"),
  );
  pgCtl(primary, "start", port);
  run("pg_basebackup", [
    "-h",
    "127.0.0.1",
    "-p",
    String(port),
    "-U",
    "postgres",
    "-D",
    replica,
    "-R",
    "-X",
    "stream",
  ]);
  pgCtl(replica, "start", port + 1);
  const url = (p: number) => `postgres://postgres@127.0.0.1:${p}/postgres`;
  return {
    primaryUrl: url(port),
    replicaUrl: url(port + 1),
    stopReplica: () => pgCtl(replica, "stop"),
    startReplica: () => pgCtl(replica, "start", port + 1),
    stop: () => stopPgPair(port),
  };
}

/** Stops the pair on `port` if one runs, and removes its folders. */
export function stopPgPair(port = 5440): void {
  const folder = folderOf(port);
  if (!existsSync(folder)) return;
  for (const name of ["replica", "primary"]) {
    if (existsSync(path.join(folder, name, "postmaster.pid"))) pgCtl(path.join(folder, name), "stop");
  }
  rmSync(folder, { recursive: true, force: true });
}

if (import.meta.main) {
  const [action, portArg] = process.argv.slice(2);
  const port = Number(portArg ?? 5440);
  if (action === "start") {
    const pair = startPgPair(port);
    console.log(JSON.stringify({ primaryUrl: pair.primaryUrl, replicaUrl: pair.replicaUrl }));
  } else if (action === "stop") {
    stopPgPair(port);
  } else {
    console.error("usage: node scripts/pg-pair.ts start|stop [port]");
    process.exit(2);
  }
}
