#!/usr/bin/env bash
# Start-up with and without the class-data archive (docs/BENCHMARKS.md, "Start-up with a class-data archive";
# docs/decisions/0802-class-data-archive.md), median of N runs each:
#   - `linklab --version`, `linklab import <fixture>`: wall time;
#   - `linklab test`, 5-second iperf3 between the lab's two SSH hosts: time from the command to its first output
#     line (the run's "run … → DIR" line, after JVM start, plan and engine start) and to its end;
#   - the same for `java -jar target/linklab.jar` with an archive from installer/make-cds-archive.sh, and with that
#     archive and -XX:TieredStopAtLevel=1 (the installed command's C1-only flag), to read each trick's own gain;
#   - the cost of making the archive (`linklab --make-class-archive`, what postinst runs).
# The command is the installed /usr/bin/linklab if there is one, else the app image's lib/app/linklab; its
# archive is moved aside for the "without" runs and put back. Run as root after
# `mvn -B -Pinstaller -DskipTests package` and `LINKLAB_LAB_ID=N bash src/test/lab/lab.sh up`:
#   LINKLAB_LAB_ID=N bash installer/cds-bench.sh [N]
#   LOGIN=slow LINKLAB_LAB_ID=N bash installer/cds-bench.sh [N]   # hosts whose login shell burns 0.9 s
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-5}
ID=${LINKLAB_LAB_ID:-0}
# lab.sh finds the lab's folder the safe way (root's pointer in /run/linklab) and says if it is not up
lab_env=$(LINKLAB_LAB_ID=$ID bash src/test/lab/lab.sh env)
eval "$lab_env"
if command -v linklab >/dev/null; then app=$(readlink -f "$(command -v linklab)"); else
  app=$PWD/target/installer/app-image/LinkLab/lib/app/linklab
fi
[[ -x "$app" ]] || { echo "cds-bench: no installed linklab and no app image; mvn -B -Pinstaller -DskipTests package" >&2; exit 2; }
jar=$PWD/target/linklab.jar
[[ -f "$jar" ]] || { echo "cds-bench: no $jar; mvn -B -DskipTests package" >&2; exit 2; }
fixture=$PWD/src/test/resources/fixtures/recorded/iperf3_3.12_client_bidir.json
jsa=$(dirname "$app")/linklab.jsa
work=$(mktemp -d /tmp/linklab-cds-bench.XXXXXX)
restore() {
  if [[ -f "$work/aside.jsa" ]]; then mv -f "$work/aside.jsa" "$jsa"; mv -f "$work/aside.size" "$jsa.size"; fi
  rm -rf "$work"
}
trap restore EXIT

if [[ ! -f "$jsa" ]]; then "$app" --make-class-archive >/dev/null; fi
bash installer/make-cds-archive.sh "$jar" "$work/jar.jsa" >/dev/null
quiet_cds="-XX:SharedArchiveFile=$work/jar.jsa -Xlog:cds=off -Xlog:cds+dynamic=off"
# LOGIN=slow: the lab's hosts whose login shell burns 0.9 s (port 2201), as pyenv or conda inits do
at=""; [[ ${LOGIN:-fast} == slow ]] && at=":$SLOW_LOGIN_PORT"
LOGINS="--client root@$H1_MGMT$at --server root@$H2_MGMT$at --target $H2_DATA --identity $IDENTITY --known-hosts $KNOWN_HOSTS --port 5571"

median() { sort -n | awk '{ v[NR] = $1 } END { m = (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2; printf "%.2f", m }'; }
wall() { local s; s=$(date +%s.%N); "$@" >/dev/null 2>&1; awk -v a="$s" -v b="$(date +%s.%N)" 'BEGIN { print b - a }'; }
# prints "FIRST_LINE_S END_S" of a command whose progress goes to stderr
first_line() {
  python3 - "$@" <<'PY'
import subprocess, sys, time
t0 = time.monotonic()
p = subprocess.Popen(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
first = None
for line in p.stderr:
    if first is None:
        first = time.monotonic() - t0
p.wait()
if p.returncode != 0:
    sys.exit("failed: " + " ".join(sys.argv[1:]))
print("%.3f %.3f" % (first, time.monotonic() - t0))
PY
}

# One round measures every configuration once, so a load change during the benchmark hits all of them alike.
# The installed command runs C1 only (-XX:TieredStopAtLevel=1); the last configuration is the jar with its archive
# and that flag, so the flag's own gain reads against "java -jar, archive".
configs=("command, no archive" "command, archive" "java -jar, no archive" "java -jar, archive" "java -jar, archive, C1 only")
run_as() {
  case "$1" in
    command*) shift; "$app" "$@" ;;
    "java -jar, no archive") shift; java -jar "$jar" "$@" ;;
    # shellcheck disable=SC2086
    "java -jar, archive") shift; java $quiet_cds -jar "$jar" "$@" ;;
    # shellcheck disable=SC2086
    "java -jar, archive, C1 only") shift; java $quiet_cds -XX:TieredStopAtLevel=1 -jar "$jar" "$@" ;;
  esac
}
export -f run_as
export app jar jsa work quiet_cds

echo "cds-bench: $runs rounds, $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg), lab $ID, ${LOGIN:-fast} logins"
echo "  command: $app"
for c in "${configs[@]}"; do run_as "$c" --version >/dev/null 2>&1; done   # page cache
for r in $(seq "$runs"); do
  for i in "${!configs[@]}"; do
    c=${configs[$i]}
    # "command, no archive": the archive is moved aside around (not inside) the timed commands
    if [[ $c == "command, no archive" ]]; then mv "$jsa" "$work/aside.jsa"; mv "$jsa.size" "$work/aside.size"; fi
    echo "$(wall run_as "$c" --version) $(wall run_as "$c" import "$fixture")" >>"$work/cli-$i"
    # shellcheck disable=SC2086
    first_line bash -c 'run_as "$@"' _ "$c" test $LOGINS --duration 5 --out "$work/run-$i-$r" >>"$work/test-$i"
    if [[ -f "$work/aside.jsa" ]]; then mv -f "$work/aside.jsa" "$jsa"; mv -f "$work/aside.size" "$jsa.size"; fi
  done
done
printf '  %-24s %10s %10s %14s %12s\n' "median of $runs" "--version" "import" "test 1st line" "test end"
for i in "${!configs[@]}"; do
  printf '  %-24s %10s %10s %14s %12s\n' "${configs[$i]}" "$(awk '{ print $1 }' "$work/cli-$i" | median)" \
    "$(awk '{ print $2 }' "$work/cli-$i" | median)" "$(awk '{ print $1 }' "$work/test-$i" | median)" \
    "$(awk '{ print $2 }' "$work/test-$i" | median)"
done
m=$(for _ in $(seq 3); do wall "$app" --make-class-archive "$work/made.jsa"; done | median)
echo "  making the archive (linklab --make-class-archive, postinst's step): $m s, $(( $(stat -c %s "$jsa") / 1024 / 1024 )) MiB"
echo "  load after: $(cut -d' ' -f1-3 /proc/loadavg)"
