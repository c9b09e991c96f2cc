#!/usr/bin/env bash
# Benchmark (not a test) of the files a matrix writes (docs/BENCHMARKS.md, "Matrix files"): matrices of 8, 16
# and 32 scripted hosts (every ordered pair; no lab, root or sshd), then their matrix.csv writes replayed and
# timed, appended per pair as MatrixRun writes them and rewritten whole per pair as it did before.
#   bash src/test/bench/matrix-files.sh            # ROUNDS=5 replays by default
set -euo pipefail
source "$(dirname "$0")/bench-setup.sh"   # $cp, $classes
echo "machine: $(nproc) cores, load average: $(cut -d' ' -f1-3 /proc/loadavg)"
java -Dbench.rounds="${ROUNDS:-5}" -cp "$classes/main:$classes/test:$(cat "$cp")" io.linklab.matrix.MatrixFilesBenchmark
