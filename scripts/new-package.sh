#!/usr/bin/env bash
# Scaffolds a workspace package: scripts/new-package.sh <dir> <@greetboard/name> <tags,comma,separated>
# Sources are compiled by swc into dist/; type checking resolves sibling packages' sources
# through the "@greetboard/source" export condition (docs/adr/0003-build-and-module-resolution.md).
set -euo pipefail
dir=$1 name=$2 tags=$3
mkdir -p "$dir/src"
tags_json=$(printf '%s' "$tags" | awk -F, '{for(i=1;i<=NF;i++){printf "%s\"%s\"", (i>1?", ":""), $i}}')
rel=$(realpath --relative-to="$dir" .)
[ -f "$dir/package.json" ] || cat > "$dir/package.json" <<JSON
{
  "name": "$name",
  "version": "1.0.0",
  "private": true,
  "type": "module",
  "exports": {
    ".": {
      "@greetboard/source": "./src/index.ts",
      "default": "./dist/index.js"
    }
  },
  "scripts": {
    "build": "swc src -d dist --strip-leading-paths --config-file $rel/.swcrc --ignore \"**/*.spec.ts\" --ignore \"**/*.int-spec.ts\" --quiet",
    "typecheck": "tsc -p tsconfig.json --noEmit"
  },
  "nx": {
    "tags": [$tags_json]
  }
}
JSON
[ -f "$dir/tsconfig.json" ] || cat > "$dir/tsconfig.json" <<JSON
{
  "extends": "$rel/tsconfig.base.json",
  "compilerOptions": { "noEmit": true },
  "include": ["src/**/*.ts", "test/**/*.ts"]
}
JSON
