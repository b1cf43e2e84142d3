#!/usr/bin/env bash
# Usage: scripts/test-node-line.sh VERSION [command ...]
# Runs the test suite (or the given command) on another Node line, in a scratch clone of the
# committed HEAD: each Node line installs its own isolated-vm build (see
# packages/isolate-runtime/README.md), so the two never share a node_modules.
set -euo pipefail
version="${1:?usage: scripts/test-node-line.sh VERSION [command ...]}"
shift
root="$(cd "$(dirname "$0")/.." && pwd)"
node_dir="$(bash "$root/scripts/node-line.sh" "$version")"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
git clone --quiet "$root" "$work/repo"
cd "$work/repo"
export PATH="$node_dir/bin:$PATH"
# why: node-gyp (for the one build that compiles, on Node 20) must use this line's headers, not
# the machine's default Node's.
export npm_config_nodedir="$node_dir"
echo "node $(node --version) in $work/repo"
start=$(date +%s)
pnpm install --frozen-lockfile
echo "install on Node $version: $(( $(date +%s) - start )) s"
if [ "$#" -eq 0 ]; then set -- pnpm test; fi
"$@"
