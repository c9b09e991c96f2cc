#!/usr/bin/env bash
# Benchmark (not a test) of the GUI's Run: from the wizard's Run to the first interval in the dashboard's table,
# for 3-second iperf3 tests on the namespace lab, in a real window under Xvfb (RunStartBenchmark). Before each Run
# the benchmark does what opening the wizard does - the run warm-up (RunWarmUp, decision 0804) and the logins to
# the plan's two ends (EarlyLogins, decision 0805) - and spends 3 s "in the wizard" (bench.wizardMs). One of the
# two is switched on and off, window by window (SWITCH=earlyLogins, the default, or SWITCH=warmup; the other stays
# on); the windows alternate on, off, off, on, … so a drift in the load hits both. Run as root on an otherwise idle
# machine, with the lab up:
#   LINKLAB_LAB_ID=N bash src/test/lab/lab.sh up
#   LINKLAB_LAB_ID=N bash src/test/bench/run-start.sh      # PAIRS=3 windows each way, ROUNDS=3 runs per window
#   LOGIN=slow …                                           # the lab's slow-login sshd (0.9 s login shell)
# JAVA_OPTS adds JVM options (run-class-list.sh records the warm-up's list with them).
set -euo pipefail
source "$(dirname "$0")/fx-bench-setup.sh" 80   # $cp, $classes, $display (Xvfb)
switch=${SWITCH:-earlyLogins}
case $switch in earlyLogins|warmup) ;; *) echo "SWITCH is earlyLogins or warmup, not $switch" >&2; exit 2;; esac
window() {   # $1: true|false (the switched one)
  DISPLAY=$display java ${JAVA_OPTS:-} -Dprism.order=sw -Dbench.rounds="${ROUNDS:-3}" -Dlinklab.$switch="$1" \
    -Dbench.login="${LOGIN:-fast}" -cp "$classes/main:$classes/test:$(cat "$cp")" io.linklab.ui.bench.RunStartBenchmark 2>&1 \
    | grep -v -e 'Unsupported JavaFX configuration' -e 'PlatformImpl startup' -e 'Gdk-WARNING'
}
pairs=${PAIRS:-3}
out=$classes/run-start.out   # bench-setup.sh removes $classes (and stops Xvfb) on exit
for ((i = 1; i <= pairs; i++)); do
  if ((i % 2)); then order="true false"; else order="false true"; fi
  for w in $order; do window "$w" | tee -a "$out"; done
done
python3 - "$out" "$switch" <<'PY'
import re, statistics, sys
label = {"earlyLogins": "early logins", "warmup": "warm-up"}[sys.argv[2]]
runs = {"on": ([], []), "off": ([], [])}
mode = None
for line in open(sys.argv[1]):
    m = re.match(r"warm-up (on|off), early logins (on|off);", line)
    if m:
        mode = m.group(2) if sys.argv[2] == "earlyLogins" else m.group(1)
    m = re.match(r"first run in the window ([0-9.]+) s(?:; later runs median ([0-9.]+) s)?", line)
    if m and mode:
        runs[mode][0].append(float(m.group(1)))
        if m.group(2):
            runs[mode][1].append(float(m.group(2)))
for mode, (first, later) in runs.items():
    if first:
        print(f"{label} {mode}: first run median {statistics.median(first):.2f} s over {len(first)} windows "
              f"({', '.join(f'{x:.2f}' for x in first)})"
              + (f"; later runs, median of the windows' medians {statistics.median(later):.2f} s" if later else "")
              + "; target <= 2.0 s")
PY
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
