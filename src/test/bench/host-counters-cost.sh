#!/usr/bin/env bash
# The CPU the host-counter sampler takes from the host it samples (docs/BENCHMARKS.md, "Host counters").
#   LINKLAB_LAB_ID=N bash src/test/bench/host-counters-cost.sh [SECONDS] [INTERVAL] [GROUPS]
# Runs the sampler's script (as LinkLab sends it, from target/classes) inside the lab's h1 namespace on data0,
# and reads utime+stime+cutime+cstime of the loop (itself and every process it started and reaped) from
# /proc/PID/stat 2 s after its start and SECONDS later. Needs root (ip netns) and a built target/classes.
# GROUPS (default 2): process groups in the sampler's pid folder, as a test's server and client groups would be
# (each a sh with a sleep as its child, started here and killed by pid at the end): it reads their CPU each time.
set -euo pipefail
T=${1:-30}; IV=${2:-1}; G=${3:-2}; NS="ll${LINKLAB_LAB_ID:?set LINKLAB_LAB_ID}-h1"
cd "$(dirname "$0")/../../.."
work=$(mktemp -d)
# each group's leader writes its own pid (its group id), as LinkLab's wrapper does
trap 'for f in "$work"/groups/*.pid; do [ -s "$f" ] && kill -- "-$(cat "$f")" 2>/dev/null; done; rm -rf "$work"' EXIT
mkdir -m 700 "$work/groups"
for ((i = 1; i <= G; i++)); do
  setsid sh -c 'echo $$ > "$0"; sleep 100000 & wait' "$work/groups/$i.pid" &
done
until [ "$(ls "$work/groups" | wc -l)" -ge "$G" ] && ! find "$work/groups" -empty -type f | grep -q .; do :; done
cat > "$work/Script.java" <<JAVA
public class Script { public static void main(String[] a) {
    System.out.print(io.linklab.counters.SamplerScript.command("data0", $IV, null).argv().get(2)); } }
JAVA
S=$(java -cp target/classes "$work/Script.java")
ip netns exec "$NS" sh -c "$S" linklab-counters data0 "$IV" "" "$S" "$work/groups" > /dev/null &
P=$!
sleep 2
read -r -a a < "/proc/$P/stat"; t0=$(date +%s.%N)
sleep "$T"
read -r -a b < "/proc/$P/stat"; t1=$(date +%s.%N)
kill "$P"
ticks=$(( (b[13] + b[14] + b[15] + b[16]) - (a[13] + a[14] + a[15] + a[16]) ))
hz=$(getconf CLK_TCK)
echo "sampler CPU over $(echo "$t1 - $t0" | bc) s at ${IV} s: $(echo "scale=2; 100 * $ticks / $hz / ($t1 - $t0)" | bc) % of one core"
