#!/usr/bin/env bash
# Benchmark (not a test) of the GUI's Run: from the wizard's Run to the first interval in the dashboard's table,
# for 3-second iperf3 tests on the namespace lab, in a real window under Xvfb (RunStartBenchmark). Run as root
# on an otherwise idle machine, with the lab up:
#   LINKLAB_LAB_ID=N bash src/test/lab/lab.sh up
#   LINKLAB_LAB_ID=N bash src/test/bench/run-start.sh            # ROUNDS=5 by default
set -euo pipefail
source "$(dirname "$0")/fx-bench-setup.sh" 80   # $cp, $classes, $display (Xvfb)
DISPLAY=$display java -Dprism.order=sw -Dbench.rounds="${ROUNDS:-5}" \
  -cp "$classes/main:$classes/test:$(cat "$cp")" io.linklab.ui.bench.RunStartBenchmark 2>&1 \
  | grep -v -e 'Unsupported JavaFX configuration' -e 'PlatformImpl startup' -e 'Gdk-WARNING'
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
