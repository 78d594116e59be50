# shellcheck shell=bash
# docker_archive OUT TAG CONFIG_JSON LAYER.tar...: writes a docker-archive (the format of
# `docker save`, which `ctr images import` reads): manifest.json, the image config with the
# layers' diff ids, and the uncompressed layer tars. CONFIG_JSON is the image config's `config`
# object (Env, Cmd, WorkingDir, User...).
docker_archive() {
  local out tag=$2 config=$3; out="$(realpath -m "$1")"; shift 3
  local dir diff_ids="" layers="" n=0 layer sum config_sum sep
  dir="$(mktemp -d "${TMPDIR:-/tmp}/docker-archive.XXXXXX")"
  for layer in "$@"; do
    sum="$(sha256sum "$layer" | cut -d' ' -f1)"
    mkdir -p "$dir/$sum"
    ln "$layer" "$dir/$sum/layer.tar" 2>/dev/null || cp "$layer" "$dir/$sum/layer.tar"
    sep=""; [ $n -gt 0 ] && sep=,
    diff_ids="$diff_ids$sep\"sha256:$sum\""
    layers="$layers$sep\"$sum/layer.tar\""
    n=$((n + 1))
  done
  printf '{"architecture":"amd64","os":"linux","created":"1970-01-01T00:00:00Z","config":%s,"rootfs":{"type":"layers","diff_ids":[%s]}}' \
    "$config" "$diff_ids" >"$dir/config.json"
  config_sum="$(sha256sum "$dir/config.json" | cut -d' ' -f1)"
  mv "$dir/config.json" "$dir/$config_sum.json"
  printf '[{"Config":"%s.json","RepoTags":["%s"],"Layers":[%s]}]' "$config_sum" "$tag" "$layers" >"$dir/manifest.json"
  (cd "$dir" && tar -cf "$out.tmp" manifest.json "$config_sum.json" */) && mv "$out.tmp" "$out"
  rm -rf "$dir"
}
