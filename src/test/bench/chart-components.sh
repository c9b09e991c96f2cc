#!/usr/bin/env bash
# Benchmark (not a test) behind docs/decisions/0500: the same live data drawn by JavaFX LineChart (symbols
# and animation off, decimated), a JavaFX Canvas, and LinkLab's ChartView (Java2D on a render thread), under
# Xvfb with software rendering. Prints FX-thread busy time per pulse for each.
#   bash src/test/bench/chart-components.sh              # 16 streams x 1250 points
#   STREAMS=128 POINTS=6000 bash src/test/bench/chart-components.sh
set -euo pipefail
cd "$(dirname "$0")/../../.."
mvn -B -q -o test-compile 2>/dev/null || mvn -B -q test-compile
cp=$(mktemp)
classes=$(mktemp -d)   # a copy, so a build running meanwhile cannot pull classes from under the benchmark
trap 'rm -rf "$cp" "$classes"; [[ -n "${xvfb:-}" ]] && kill "$xvfb" 2>/dev/null || true' EXIT
mvn -B -q -o dependency:build-classpath -Dmdep.outputFile="$cp" -Dmdep.includeScope=test >/dev/null
cp -r target/classes "$classes/main" && cp -r target/test-classes "$classes/test"
display=:$((80 + RANDOM % 9))
Xvfb "$display" -screen 0 1400x900x24 -nolisten tcp >/dev/null 2>&1 &
xvfb=$!
sleep 1
echo "machine: $(nproc) cores, load average: $(cut -d' ' -f1-3 /proc/loadavg)"
for variant in ${VARIANTS:-raster canvas linechart}; do
  DISPLAY=$display timeout 300 java -Xmx1g -Dprism.order=sw -Dbench.variant="$variant" \
    -Dbench.streams="${STREAMS:-16}" -Dbench.points="${POINTS:-1250}" -Dbench.seconds="${SECONDS_PER_VARIANT:-20}" \
    -cp "$classes/main:$classes/test:$(cat "$cp")" io.linklab.ui.bench.ChartComponentBenchmark 2>&1 \
    | grep '^variant=' || echo "variant=$variant did not finish within 300 s"
done
