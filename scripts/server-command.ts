// How the production server is started, in one place: `npm start` (package.json) spells the same command, and
// `scripts/server-command.test.ts` keeps the two equal. The benchmark, the page measurer, the soak and the browser
// tests start the server with these arguments and this environment so that what they measure is what runs.
//
// Memory (issue 30: at most 250 MB RSS after a minute of signed-in load, flat; docs/performance.md):
// --max-semi-space-size=8: V8's young generation otherwise grows to its maximum while the modules load (importing
//   the database driver alone allocates about 170 MB) and is never given back.
// --max-old-space-size=160: without a limit the old generation grew to about 220 MB under signed-in load, mostly
//   garbage of rendered pages V8 saw no reason to collect yet; the live data is about 60 MB at rest and stays far
//   below the limit under load (kept pages and uploads are buffers outside it).
// MALLOC_ARENA_MAX=2: glibc otherwise gives each thread that allocates (the thread pool: gzip, crypto, file reads)
//   an arena of its own, and the freed memory of all of them stays in the process.
// Measured on 2 cores under 16 connections of signed-in pages (home, list, cart, orders, wallet): about 486 MB with
// the old flags alone, 234 MB with these; the pages rendered per second moved within the run-to-run noise (±10%).
const serverNodeFlags = ["--max-semi-space-size=8", "--max-old-space-size=160"] as const;

/** The arguments after `node` that start the server from the project's root. */
export const serverArgs = [...serverNodeFlags, "server/main.ts"];

/** What the environment of the server process must hold besides its settings. */
export const serverEnvironment = { MALLOC_ARENA_MAX: "2" } as const;
