#!/usr/bin/env bash
# RelatedSkills at 10,000 and 100,000 generated skills (release build). Not a test: it prints times.
# usage: Benchmarks/related.sh [SKILLS ...]   (default: 10000 100000)
set -euo pipefail
cd "$(dirname "$0")/.."
swift build -c release --product related-benchmark >/dev/null
work=$(mktemp -d "${TMPDIR:-/tmp}/sitegen-related-bench.XXXXXX")
trap 'rm -rf "$work"' EXIT
for size in "${@:-10000 100000}"; do
    python3 Benchmarks/generate.py "$size" "$work/content-$size" >/dev/null
    .build/release/related-benchmark --content "$work/content-$size"
    rm -rf "$work/content-$size"
done
