#!/usr/bin/env bash
# Benchmark (not a test) of the live dashboard: replays synthetic intervals for 128 streams at 10 intervals/s
# for 10 minutes of run time into the real dashboard in a real window under Xvfb, software rendering, 300 MB
# heap, and prints FX pulse busy time (p50/p99) and peak heap. Figures go in docs/BENCHMARKS.md.
#   bash src/test/bench/live-dashboard.sh                 # 10 min of run fed in 5 min (speed 2)
#   SPEED=1 bash src/test/bench/live-dashboard.sh         # real time
#   STREAMS=64 MINUTES=60 SPEED=10 bash src/test/bench/live-dashboard.sh
set -euo pipefail
source "$(dirname "$0")/fx-bench-setup.sh" 70   # $cp, $classes, $display (Xvfb)
DISPLAY=$display java -Xmx300m -Dprism.order=sw \
  -Dbench.streams="${STREAMS:-128}" -Dbench.hz="${HZ:-10}" -Dbench.minutes="${MINUTES:-10}" \
  -Dbench.speed="${SPEED:-2}" -Dbench.renderHz="${RENDER_HZ:-10}" \
  -cp "$classes/main:$classes/test:$(cat "$cp")" io.linklab.ui.bench.LiveDashboardBenchmark 2>&1 \
  | grep -v -e 'Unsupported JavaFX configuration' -e 'PlatformImpl startup' -e 'Gdk-WARNING'
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
