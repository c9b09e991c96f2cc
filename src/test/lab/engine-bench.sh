#!/usr/bin/env bash
# Engine benchmark on the namespace lab (docs/BENCHMARKS.md, "Engine"). Run as root from the project
# folder after `mvn -B -DskipTests package` and `LINKLAB_LAB_ID=N bash src/test/lab/lab.sh up`:
#
#   LINKLAB_LAB_ID=N bash src/test/lab/engine-bench.sh [ROUNDS]
#
# 1. `linklab test`, 5-second iperf3 between the two SSH hosts, run as `java -jar` and again as the installed
#    `linklab` command starts it (installer/linux/linklab: the class-data archive made at install time, as
#    installer/make-cds-archive.sh makes it for the jar, and the C1 compiler only for headless runs): from command to
#    result (the line with the measured rate appears: JVM start, SSH logins, preflight, server start, the
#    test), from command to exit (clean-up and files too), and inside the engine (run.json started → ended).
# 2. Right after each, the same test by hand (ssh h2 iperf3 -s -1; ssh h1 iperf3 -c): LinkLab's receiver
#    rate relative to the raw one.
# 3. An MTU sweep 1500,4000,9000 of 2-second tests: per point, the time beyond the test itself (MTU set
#    on both ends, don't-fragment ping, servers and clients started and stopped).
set -euo pipefail
cd "$(dirname "$0")/../../.."
ROUNDS=${1:-3}
ID=${LINKLAB_LAB_ID:-0}
# lab.sh finds the lab's folder the safe way (root's pointer in /run/linklab) and says if it is not up
lab_env=$(LINKLAB_LAB_ID=$ID bash src/test/lab/lab.sh env)
eval "$lab_env"
JAR=target/linklab.jar
[[ -f $JAR ]] || { echo "build first: mvn -B -DskipTests package" >&2; exit 2; }
OUT=$(mktemp -d /tmp/linklab-bench.XXXXXX)
trap 'rm -rf "$OUT"' EXIT
PORT=5570
SSH=(ssh -F "$SSH_CONFIG" -o BatchMode=yes)
LOGINS=(--client "root@$H1_MGMT" --server "root@$H2_MGMT" --target "$H2_DATA" --client-if data0 --server-if data0
        --identity "$IDENTITY" --known-hosts "$KNOWN_HOSTS" --port $PORT)

field() { python3 -c "import json,sys; r=json.load(open(sys.argv[1])); print(eval(sys.argv[2]))" "$@"; }
secs() { python3 -c "
from datetime import datetime as d; import sys
f=lambda s: d.fromisoformat(s.replace('Z','+00:00'))
print('%.2f' % (f(sys.argv[2])-f(sys.argv[1])).total_seconds())" "$1" "$2"; }

echo "machine: $(nproc) cores, $(. /etc/os-release; echo "$PRETTY_NAME"), $(java -version 2>&1 | head -1); load $(cut -d' ' -f1-3 /proc/loadavg)"
echo
# the same archive the installed command makes at install time, for this jar and this java
CDS="$OUT/linklab.jsa"
bash installer/make-cds-archive.sh "$JAR" "$CDS" >/dev/null
# Runs the command with its stderr time-stamped: prints "seconds-to-result seconds-to-exit"; the result is
# the first line with a measured rate ("c2s: 35.1 Gbit/s").
timed() { python3 - "$@" <<'PY'
import re, subprocess, sys, time
log = open(sys.argv[1], "w")
t0 = time.monotonic()
p = subprocess.Popen(sys.argv[2:], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
result = None
for line in p.stderr:
    log.write(line)
    if result is None and re.match(r"(\S+ )?(c2s|s2c): [0-9.]+ Gbit/s", line):
        result = time.monotonic() - t0
p.wait()
end = time.monotonic() - t0
if p.returncode != 0 or result is None:
    sys.exit("the test failed (exit %d), see %s" % (p.returncode, sys.argv[1]))
print("%.2f %.2f" % (result, end))
PY
}

ll_rates=()
raw_rates=()
echo "## 5-second iperf3 test, two SSH hosts"
printf "%-6s %-9s %12s %10s %10s %12s %10s %8s\n" round started_as to_result_s to_exit_s engine_s linklab_Gb raw_Gb diff_%
for r in $(seq 1 "$ROUNDS"); do
  for mode in plain installed; do
    d="$OUT/single-$r-$mode"
    opts=()
    [[ $mode == installed ]] && opts=(-XX:SharedArchiveFile="$CDS" -Xshare:auto -Xlog:cds=off -Xlog:cds+dynamic=off
                                      -XX:TieredStopAtLevel=1)
    read -r result wall < <(timed "$d.log" java "${opts[@]}" -jar "$JAR" test "${LOGINS[@]}" --duration 5 --out "$d") \
      || { cat "$d.log"; exit 1; }
    engine=$(secs "$(field "$d/run.json" 'r["started"]')" "$(field "$d/run.json" 'r["ended"]')")
    ll=$(python3 -c "
import csv
for r in csv.DictReader(open('$d/summary.csv')):
    if r['role']=='receiver' and r['process']=='' : print(float(r['bits_per_second'])/1e9); break")
    "${SSH[@]}" "root@$H2_MGMT" "iperf3 -s -1 -D -p $PORT --idle-timeout 20"
    raw=$("${SSH[@]}" "root@$H1_MGMT" "iperf3 -c $H2_DATA -p $PORT -t 5 -f m" | awk '/receiver/ {print $(NF-2)/1000}')
    diff=$(python3 -c "print('%+.1f' % (100*($ll-$raw)/$raw))")
    printf "%-6s %-9s %12s %10s %10s %12.2f %10.2f %8s\n" "$r" "$mode" "$result" "$wall" "$engine" "$ll" "$raw" "$diff"
    ll_rates+=("$ll")
    raw_rates+=("$raw")
  done
done
# One pair varies by up to ±12 % on veth (where the scheduler puts the two iperf3 processes), raw against raw
# too; the medians over all pairs are the comparison.
python3 - "${ll_rates[*]}" "${raw_rates[*]}" <<'PY'
import statistics, sys
ll = [float(x) for x in sys.argv[1].split()]
raw = [float(x) for x in sys.argv[2].split()]
m_ll, m_raw = statistics.median(ll), statistics.median(raw)
print("rates over %d pairs: LinkLab median %.2f Gbit/s (%.2f-%.2f), raw median %.2f Gbit/s (%.2f-%.2f): %+.1f %%"
      % (len(ll), m_ll, min(ll), max(ll), m_raw, min(raw), max(raw), 100 * (m_ll - m_raw) / m_raw))
PY
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
