#!/usr/bin/env bash
# Measures the runtime image's /app layer without a Docker engine: replays the Dockerfile's build
# stage (same files copied, `npm ci`, build, `npm prune --omit=dev`, same rm's) on a git revision
# in a temporary directory, then prints its size and which browser packages it still holds.
# The base image (node:24-bookworm-slim) comes on top of the figure.
#   scripts/measure-runtime-image.sh [revision]     (default HEAD; KEEP=1 keeps the directory)
set -euo pipefail
rev=${1:-HEAD}
root=$(cd "$(dirname "$0")/.." && pwd)
# shellcheck source=use-node24.sh
source "$root/scripts/use-node24.sh"
app=$(mktemp -d "${TMPDIR:-/tmp}/greetboard-image.XXXXXX")
if [ "${KEEP:-0}" = 1 ]; then
  echo "Keeping $app" >&2
else
  trap 'rm -rf "$app"' EXIT
fi

# The files the Dockerfile's build stage copies into /app, and nothing else.
git -C "$root" archive "$rev" package.json package-lock.json .npmrc libs services apps tools web \
  nx.json tsconfig.base.json .swcrc | tar -x -C "$app"
cd "$app"
export NX_DAEMON=false NX_NO_CLOUD=true NX_TUI=false
npm ci --no-audit --no-fund --loglevel=error >&2
npx nx run-many -t build --output-style=static >&2
npm prune --omit=dev --no-audit --no-fund --loglevel=error >&2
rm -rf node_modules/node-linux-* node_modules/.bin/node
rm -rf .nx

echo "Revision: $(git -C "$root" rev-parse --short "$rev") ($rev)"
echo "/app layer: $(du -sh . | cut -f1)  (node_modules $(du -sh node_modules | cut -f1), web/dist $(du -sh web/dist | cut -f1))"
# Installed packages, nested ones included; the workspace's own links are not counted.
echo "Installed packages: $(node -e '
  const fs = require("node:fs"), path = require("node:path");
  let count = 0;
  const walk = (dir) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      if (!entry.isDirectory() || entry.name === ".bin") continue;
      const full = path.join(dir, entry.name);
      if (entry.name.startsWith("@")) { walk(full); continue; }
      if (fs.existsSync(path.join(full, "package.json"))) count++;
      if (fs.existsSync(path.join(full, "node_modules"))) walk(path.join(full, "node_modules"));
    }
  };
  walk("node_modules");
  console.log(count);
')"
echo "Browser packages left (none is the goal):"
left=0
for name in react react-dom scheduler lucide-react date-fns radix-ui @radix-ui react-redux redux \
  @reduxjs/toolkit immer reselect react-router react-hot-toast chart.js @kurkle/color i18next \
  react-i18next @testing-library vite; do
  # npm prune can leave a scope's directory behind empty; only a non-empty one counts.
  if [ -n "$(ls -A "node_modules/$name" 2>/dev/null)" ]; then
    echo "  $(du -sh "node_modules/$name" | cut -f1)	node_modules/$name"
    left=1
  fi
done
[ "$left" = 1 ] || echo "  none"
