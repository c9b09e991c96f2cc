#!/usr/bin/env bash
# Engine benchmark on the namespace lab (docs/BENCHMARKS.md, "Engine"). Run as root from the project
# folder after `mvn -B -DskipTests package` and `LINKLAB_LAB_ID=N bash src/test/lab/lab.sh up`:
#
#   LINKLAB_LAB_ID=N bash src/test/lab/engine-bench.sh [ROUNDS]
#
# 1. `linklab test`, 5-second iperf3 between the two SSH hosts: wall time from command to result
#    (JVM start, SSH logins, preflight, server start and stop, clean-up included), inside the engine
#    (run.json started → ended) and inside the engine up to the result (started → the point's end,
#    when the figure is known and shown; clean-up and file writing follow).
# 2. Right after, the same test by hand (ssh h2 iperf3 -s -1; ssh h1 iperf3 -c): LinkLab's receiver
#    rate relative to the raw one.
# 3. An MTU sweep 1500,4000,9000 of 2-second tests: per point, the time beyond the test itself (MTU set
#    on both ends, don't-fragment ping, servers and clients started and stopped).
set -euo pipefail
cd "$(dirname "$0")/../../.."
ROUNDS=${1:-3}
ID=${LINKLAB_LAB_ID:-0}
source "/tmp/linklab-lab-${ID}/lab.env"
JAR=target/linklab.jar
[[ -f $JAR ]] || { echo "build first: mvn -B -DskipTests package" >&2; exit 2; }
OUT=$(mktemp -d /tmp/linklab-bench.XXXXXX)
trap 'rm -rf "$OUT"' EXIT
PORT=5570
SSH=(ssh -F "$SSH_CONFIG" -o BatchMode=yes)
LOGINS=(--client "root@$H1_MGMT" --server "root@$H2_MGMT" --target "$H2_DATA" --client-if data0 --server-if data0
        --identity "$IDENTITY" --known-hosts "$KNOWN_HOSTS" --port $PORT)

field() { python3 -c "import json,sys; r=json.load(open(sys.argv[1])); print(eval(sys.argv[2]))" "$@"; }
rate_csv() { python3 -c "
import csv,sys
for r in csv.DictReader(open(sys.argv[1])):
    if r['direction']=='c2s': print(float(r['bits_per_second'])/1e9)" "$1"; }
secs() { python3 -c "
from datetime import datetime as d; import sys
f=lambda s: d.fromisoformat(s.replace('Z','+00:00'))
print('%.2f' % (f(sys.argv[2])-f(sys.argv[1])).total_seconds())" "$1" "$2"; }

echo "machine: $(nproc) cores, $(. /etc/os-release; echo "$PRETTY_NAME"), $(java -version 2>&1 | head -1); load $(cut -d' ' -f1-3 /proc/loadavg)"
echo
echo "## 5-second iperf3 test, two SSH hosts"
printf "%-6s %10s %10s %12s %12s %12s %8s\n" round wall_s engine_s to_result_s linklab_Gb raw_Gb diff_%
for r in $(seq 1 "$ROUNDS"); do
  d="$OUT/single-$r"
  t0=$(date +%s.%N)
  java -jar "$JAR" test "${LOGINS[@]}" --duration 5 --out "$d" >/dev/null 2>"$d.log" || { cat "$d.log"; exit 1; }
  t1=$(date +%s.%N)
  wall=$(python3 -c "print('%.2f' % ($t1-$t0))")
  engine=$(secs "$(field "$d/run.json" 'r["started"]')" "$(field "$d/run.json" 'r["ended"]')")
  result=$(secs "$(field "$d/run.json" 'r["started"]')" "$(field "$d/run.json" 'r["pointTimes"][0]["ended"]')")
  ll=$(python3 -c "
import csv
for r in csv.DictReader(open('$d/summary.csv')):
    if r['role']=='receiver' and r['process']=='' : print(float(r['bits_per_second'])/1e9); break")
  "${SSH[@]}" "root@$H2_MGMT" "iperf3 -s -1 -D -p $PORT --idle-timeout 20"
  raw=$("${SSH[@]}" "root@$H1_MGMT" "iperf3 -c $H2_DATA -p $PORT -t 5 -f m" | awk '/receiver/ {print $(NF-2)/1000}')
  diff=$(python3 -c "print('%+.1f' % (100*($ll-$raw)/$raw))")
  printf "%-6s %10s %10s %12s %12.2f %12.2f %8s\n" "$r" "$wall" "$engine" "$result" "$ll" "$raw" "$diff"
done
echo
echo "## MTU sweep 1500,4000,9000 of 2-second tests"
printf "%-6s %-10s %10s %12s\n" round point point_s beyond_test_s
for r in $(seq 1 "$ROUNDS"); do
  d="$OUT/sweep-$r"
  java -jar "$JAR" test "${LOGINS[@]}" --duration 2 --mtu 1500,4000,9000 --out "$d" >/dev/null 2>"$d.log" \
    || { cat "$d.log"; exit 1; }
  python3 - "$d/run.json" "$r" <<'PY'
import json, sys
from datetime import datetime as d
f = lambda s: d.fromisoformat(s.replace('Z', '+00:00'))
rec = json.load(open(sys.argv[1]))
for t in rec["pointTimes"]:
    s = (f(t["ended"]) - f(t["started"])).total_seconds()
    print("%-6s %-10s %10.2f %12.2f" % (sys.argv[2], t["point"], s, s - 2))
PY
  echo "       MTUs after: h1 $(ip netns exec "$H1_NS" cat /sys/class/net/data0/mtu), h2 $(ip netns exec "$H2_NS" cat /sys/class/net/data0/mtu)"
done
