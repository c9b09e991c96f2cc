#!/usr/bin/env bash
# Takes docs/screenshots/dashboard-live.png, sweep-chart.png and compare.png: the real main window at 1280x800
# with the run in front, under Xvfb (not Monocle). live and compare run real iperf3/iperf2 on this machine
# (loopback, both ends "local"); sweep plays the MTU table the jumbo-frame lab note published.
# Needs: xvfb, x11-utils (xwininfo), imagemagick (import), iperf3, iperf2.
#   bash src/test/screenshots/dashboard.sh [live|sweep|compare ...]
set -euo pipefail
cd "$(dirname "$0")/../../.."
mvn -B -q -o test-compile 2>/dev/null || mvn -B -q test-compile
cp=$(mktemp)
mvn -B -q -o dependency:build-classpath -Dmdep.outputFile="$cp" -Dmdep.includeScope=test >/dev/null 2>&1 \
  || mvn -B -q dependency:build-classpath -Dmdep.outputFile="$cp" -Dmdep.includeScope=test >/dev/null
display=:$((60 + RANDOM % 9))
Xvfb "$display" -screen 0 1440x900x24 -nolisten tcp >/dev/null 2>&1 &
xvfb=$!
trap 'kill $xvfb 2>/dev/null || true; rm -f "$cp"' EXIT
sleep 1
mkdir -p docs/screenshots
for mode in "${@:-live sweep compare}"; do
  for m in $mode; do
    case $m in live) out=dashboard-live.png ;; sweep) out=sweep-chart.png ;; compare) out=compare.png ;;
      *) echo "unknown mode $m (live, sweep, compare)" >&2; exit 2 ;; esac
    log=$(mktemp)
    DISPLAY=$display java -Dprism.order=sw -cp "target/classes:target/test-classes:$(cat "$cp")" \
      io.linklab.ui.screens.DashboardScreens "$m" >"$log" 2>&1 &
    app=$!
    for _ in $(seq 1 240); do grep -q '^READY' "$log" && break; kill -0 $app 2>/dev/null || break; sleep 0.5; done
    grep -q '^READY' "$log" || { echo "$m: the window never got ready:" >&2; cat "$log" >&2; kill $app 2>/dev/null; exit 1; }
    win=$(DISPLAY=$display xwininfo -root -tree | awk '/"LinkLab( —[^"]*)?"/ {print $1; exit}')
    DISPLAY=$display import -window "$win" "docs/screenshots/$out"
    echo "wrote docs/screenshots/$out"
    kill $app 2>/dev/null || true
    wait $app 2>/dev/null || true
    rm -f "$log"
  done
done
