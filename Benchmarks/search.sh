#!/usr/bin/env bash
# The search index's updates and queries at 1,000 and 10,000 skills (release build), on SQLite and,
# with a server URL in SITEGEN_TEST_POSTGRES, on PostgreSQL (its index tables are dropped first,
# so each run starts from an empty index). Not a test: it prints times.
set -euo pipefail
cd "$(dirname "$0")/.."
swift build -c release --product search-benchmark >/dev/null
for skills in 1000 10000; do
    if [ -n "${SITEGEN_TEST_POSTGRES:-}" ]; then
        psql "$SITEGEN_TEST_POSTGRES" -q -c "DROP TABLE IF EXISTS sitegen_search_skills, sitegen_search_schema" 2>/dev/null
        .build/release/search-benchmark --skills "$skills" --postgres "$SITEGEN_TEST_POSTGRES"
    else
        .build/release/search-benchmark --skills "$skills"
    fi
done
