#!/usr/bin/env bash
# Start-up times of the packaged LinkLab next to `java -jar target/linklab.jar`, for docs/BENCHMARKS.md:
# the headless `--version` and the GUI until its main window is mapped under Xvfb, each run N times, median.
# The packaged app is the installed /usr/bin/linklab if there is one (and then also jpackage's launcher
# /opt/linklab/bin/LinkLab, which the menu entry starts), else the app image's lib/app/linklab.
# Usage: bash installer/startup-bench.sh [N]     (needs xvfb, xauth, x11-utils; build with -Pinstaller first)
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-5}

launcher=
if command -v linklab >/dev/null; then
  app=$(command -v linklab); launcher=/opt/linklab/bin/LinkLab
else
  app=$PWD/target/installer/app-image/LinkLab/lib/app/linklab
fi
[[ -x "$app" ]] || { echo "startup-bench: no installed linklab and no app image; run mvn -B -Pinstaller -DskipTests package" >&2; exit 2; }
jar="java -jar $PWD/target/linklab.jar"
home=$(mktemp -d /tmp/linklab-startup-bench.XXXXXX)
trap 'rm -rf "$home"' EXIT

median() { sort -n | awk '{ v[NR] = $1 } END { m = (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2; printf "%.2f", m }'; }
cli_seconds() { local s; s=$(date +%s.%N); HOME="$home" $1 --version >/dev/null; awk -v a="$s" -v b="$(date +%s.%N)" 'BEGIN { print b - a }'; }
gui_seconds() {
  # $1 command; the window is the one whose class is LinkLab's (not GTK's 10x10 leader window)
  xvfb-run -a bash -c '
    s=$(date +%s.%N); HOME="$2" $1 >/dev/null 2>&1 & p=$!
    for _ in $(seq 1 1200); do
      xwininfo -root -tree 2>/dev/null | grep -q "\"LinkLab[^\"]*\": (\"io.linklab" && break
      sleep 0.05
    done
    awk -v a="$s" -v b="$(date +%s.%N)" "BEGIN { print b - a }"
    kill $p; wait $p 2>/dev/null; true' _ "$1" "$home"
}

echo "startup-bench: $runs runs each, $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg)"
echo "  command: $app${launcher:+, launcher: $launcher}"
# one unmeasured start each, so JavaFX's native libraries are unpacked and the files are in the page cache
cli_seconds "$app" >/dev/null; gui_seconds "$app" >/dev/null; gui_seconds "$jar" >/dev/null
for what in "$app" ${launcher:+"$launcher"} "$jar"; do
  case "$what" in "$app") name=command ;; "$launcher") name=launcher ;; *) name="java -jar" ;; esac
  cli=$(for _ in $(seq "$runs"); do cli_seconds "$what"; done | median)
  gui=$(for _ in $(seq "$runs"); do gui_seconds "$what"; done | median)
  printf '  %-9s --version %s s   GUI to window %s s\n' "$name" "$cli" "$gui"
done
