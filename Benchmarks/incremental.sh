#!/usr/bin/env bash
# serve's kept build in one process (release build): a whole build of a generated catalogue, then
# edits and votes, each timed (wall and CPU) with its stages. Not a test: it prints times.
# usage: Benchmarks/incremental.sh [SKILLS ...]   (default: 1000 10000)
set -euo pipefail
cd "$(dirname "$0")/.."
swift build -c release --product incremental-benchmark >/dev/null
work=$(mktemp -d "${TMPDIR:-/tmp}/sitegen-incremental-bench.XXXXXX")
trap 'rm -rf "$work"' EXIT
for skills in "${@:-1000 10000}"; do
    for size in $skills; do
        python3 Benchmarks/generate.py "$size" "$work/content-$size" >/dev/null
        echo "$size skills:"
        .build/release/incremental-benchmark --content "$work/content-$size" --tries 15
    done
done
