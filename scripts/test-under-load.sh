#!/usr/bin/env bash
# Usage: scripts/test-under-load.sh [vitest args ...]
# Runs the tests (all, or the given vitest filters) on ONE CPU while a busy loop competes for that
# same CPU: the slowest machine the suite should ever meet. A test whose verdict depends on the
# machine's speed fails here. Needs taskset (util-linux).
set -euo pipefail
cd "$(dirname "$0")/.."
cpu="${ISOCODE_LOAD_CPU:-0}"
taskset -c "$cpu" node -e 'for (;;) {}' &
hog=$!
trap 'kill "$hog" 2> /dev/null || true' EXIT
echo "CPU hog pid $hog on CPU $cpu; tests pinned to CPU $cpu"
taskset -c "$cpu" pnpm vitest run "$@"
