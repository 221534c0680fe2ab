# Sourced by ./run and .ci/run: puts Node 24 first on PATH when the machine's node is older.
# The registry's node@24 package ships the binary; it is installed once into .tools/ (git-ignored).
pasar_root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
pasar_node_major() { node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0; }
if [ "$(pasar_node_major)" -lt 24 ]; then
  if [ ! -x "$pasar_root/.tools/node_modules/.bin/node" ]; then
    echo "pasar: the machine's node is older than 24; installing node@24 into .tools/" >&2
    npm install --silent --no-audit --no-fund --prefix "$pasar_root/.tools" node@24 >&2
  fi
  export PATH="$pasar_root/.tools/node_modules/.bin:$PATH"
fi
if [ "$(pasar_node_major)" -lt 24 ]; then
  echo "pasar: Node 24 or newer is required and could not be provided" >&2
  exit 1
fi
