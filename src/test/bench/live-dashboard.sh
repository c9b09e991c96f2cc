#!/usr/bin/env bash
# Benchmark (not a test) of the live dashboard: replays synthetic intervals for 128 streams at 10 intervals/s
# for 10 minutes of run time into the real dashboard in a real window under Xvfb, software rendering, 300 MB
# heap, and prints FX pulse busy time (p50/p99) and peak heap. Figures go in docs/BENCHMARKS.md.
#   bash src/test/bench/live-dashboard.sh                 # 10 min of run fed in 5 min (speed 2)
#   SPEED=1 bash src/test/bench/live-dashboard.sh         # real time
#   STREAMS=64 MINUTES=60 SPEED=10 bash src/test/bench/live-dashboard.sh
set -euo pipefail
cd "$(dirname "$0")/../../.."
mvn -B -q -o test-compile 2>/dev/null || mvn -B -q test-compile
cp=$(mktemp)
classes=$(mktemp -d)   # a copy, so a build running meanwhile cannot pull classes from under the benchmark
trap 'rm -rf "$cp" "$classes"; [[ -n "${xvfb:-}" ]] && kill "$xvfb" 2>/dev/null || true' EXIT
mvn -B -q -o dependency:build-classpath -Dmdep.outputFile="$cp" -Dmdep.includeScope=test >/dev/null
cp -r target/classes "$classes/main" && cp -r target/test-classes "$classes/test"
display=:$((70 + RANDOM % 9))
Xvfb "$display" -screen 0 1400x900x24 -nolisten tcp >/dev/null 2>&1 &
xvfb=$!
sleep 1
echo "machine: $(nproc) cores, load average: $(cut -d' ' -f1-3 /proc/loadavg)"
DISPLAY=$display java -Xmx300m -Dprism.order=sw \
  -Dbench.streams="${STREAMS:-128}" -Dbench.hz="${HZ:-10}" -Dbench.minutes="${MINUTES:-10}" \
  -Dbench.speed="${SPEED:-2}" -Dbench.renderHz="${RENDER_HZ:-10}" \
  -cp "$classes/main:$classes/test:$(cat "$cp")" io.linklab.ui.bench.LiveDashboardBenchmark 2>&1 \
  | grep -v -e 'Unsupported JavaFX configuration' -e 'PlatformImpl startup' -e 'Gdk-WARNING'
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
