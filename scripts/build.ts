// The production build (`npm run build`): React Router's build, then the precompressed `.gz`/`.br` beside every
// asset. It is skipped when nothing it is made from changed since the last one: a second `./run start` serves
// at once instead of spending half a minute rebuilding the same files. What it is made from is hashed by
// content (not by modification time, which a checkout or a copy changes): the app's own source (web/, common/,
// server/, public/ and the build's scripts, tests left out), the configuration and the locked dependencies, and
// Node's version. `--force` (or FORCE_BUILD=1) builds anyway.
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, globSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const stampFile = path.join(root, "build/inputs.sha256");
/** What the built server needs to start: a build missing any of them is built again whatever its stamp says. */
const outputs = ["build/server/index.js", "build/client", "build/build-id.txt"];

/** A hash of everything the build reads. */
export function buildInputsHash(): string {
  const files = globSync(
    [
      "{web,common,server,public}/**/*",
      "scripts/{build,precompress,client-bundle-guard,bundle-report}.ts",
      "{package.json,package-lock.json,tsconfig.json,vite.config.ts,react-router.config.ts}",
    ],
    {
      cwd: root,
      withFileTypes: true,
      exclude: (entry) => /\.test\.tsx?$/.test(typeof entry === "string" ? entry : entry.name),
    },
  )
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join("/"))
    .sort();
  const hash = createHash("sha256").update(`node ${process.version}\n`);
  for (const file of files)
    hash
      .update(`${file}\0`)
      .update(readFileSync(path.join(root, file)))
      .update("\0");
  return hash.digest("hex");
}

function upToDate(hash: string): boolean {
  if (!existsSync(stampFile) || outputs.some((f) => !existsSync(path.join(root, f)))) return false;
  return readFileSync(stampFile, "utf8").trim() === hash;
}

function run(command: string, args: string[]) {
  const result = spawnSync(command, args, { cwd: root, stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

if (import.meta.main) {
  const force = process.argv.includes("--force") || process.env.FORCE_BUILD === "1";
  const t0 = performance.now();
  const hash = buildInputsHash();
  if (!force && upToDate(hash)) {
    console.log(
      `The build is up to date with the source (checked in ${Math.round(performance.now() - t0)} ms): not rebuilt.`,
    );
  } else {
    // A build stopped midway leaves no stamp, so the next one starts over.
    rmSync(stampFile, { force: true });
    run(path.join(root, "node_modules/.bin/react-router"), ["build"]);
    run(process.execPath, [path.join(root, "scripts/precompress.ts"), "build/client"]);
    writeFileSync(stampFile, `${hash}\n`);
  }
}
