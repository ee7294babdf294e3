#!/usr/bin/env bash
# Template engines side by side: the theme's skill page rendered PAGES times (default 10,000)
# by swift-mustache and by the compiled engine, from the same typed data (release build).
# usage: Benchmarks/templates.sh [PAGES]
set -euo pipefail
cd "$(dirname "$0")/.."
swift build -c release --product template-benchmark >&2
.build/release/template-benchmark Templates "${1:-10000}"
