// How the production server is started, in one place: `npm start` (package.json) spells the same command, and
// `scripts/server-command.test.ts` keeps the two equal. The benchmark, the page measurer and the browser tests start
// the server with these arguments so that what they measure is what runs.
//
// --max-semi-space-size=16: V8's young generation otherwise grows to its maximum while the modules load
// (importing the database driver alone allocates about 170 MB) and is never given back, which kept the idle server
// at about 340 MB and near 500 MB under load. Capped at 16 MB per semi-space it rests near 225 MB and stays under
// 400 MB under load, for about 2% of API throughput; 8 MB saved 20 MB more at rest but cost 10% (docs/performance.md).
const serverNodeFlags = ["--max-semi-space-size=16"] as const;

/** The arguments after `node` that start the server from the project's root. */
export const serverArgs = [...serverNodeFlags, "server/main.ts"];
