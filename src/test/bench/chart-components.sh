#!/usr/bin/env bash
# Benchmark (not a test) behind docs/decisions/0500: the same live data drawn by JavaFX LineChart (symbols
# and animation off, decimated), a JavaFX Canvas, and LinkLab's ChartView (Java2D on a render thread), under
# Xvfb with software rendering. Prints FX-thread busy time per pulse for each.
#   bash src/test/bench/chart-components.sh              # 16 streams x 1250 points
#   STREAMS=128 POINTS=6000 bash src/test/bench/chart-components.sh
set -euo pipefail
source "$(dirname "$0")/fx-bench-setup.sh" 80   # $cp, $classes, $display (Xvfb)
for variant in ${VARIANTS:-raster canvas linechart}; do
  DISPLAY=$display timeout 300 java -Xmx1g -Dprism.order=sw -Dbench.variant="$variant" \
    -Dbench.streams="${STREAMS:-16}" -Dbench.points="${POINTS:-1250}" -Dbench.seconds="${SECONDS_PER_VARIANT:-20}" \
    -cp "$classes/main:$classes/test:$(cat "$cp")" io.linklab.ui.bench.ChartComponentBenchmark 2>&1 \
    | grep '^variant=' || echo "variant=$variant did not finish within 300 s"
done
