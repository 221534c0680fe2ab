// Writes .gz and .br beside every compressible built asset, so the server sends them without compressing per request.
import { readdir, readFile, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

const root = process.argv[2] ?? "build/client";
const compressible = /\.(js|mjs|css|html|svg|json|txt|xml|map)$/;

async function* files(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else if (compressible.test(entry.name)) yield full;
  }
}

let count = 0;
for await (const file of files(root)) {
  if ((await stat(file)).size < 512) continue;
  const bytes = await readFile(file);
  await writeFile(`${file}.gz`, gzipSync(bytes, { level: 9 }));
  await writeFile(
    `${file}.br`,
    brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
  );
  count++;
}
console.log(`precompressed ${count} files in ${root}`);
