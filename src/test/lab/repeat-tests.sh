#!/usr/bin/env bash
# Runs the README's test command (run-all-tests.sh) N times in a row and says, for each run, whether it
# passed, how long it took, its phases and which tests failed; at the end, how often each test failed and
# the slowest test classes. A test that fails in one run of N is a defect to find, not luck.
# Usage (from anywhere): bash src/test/lab/repeat-tests.sh N [extra mvn args]
#   Each run's full output, surefire reports and summary stay in a folder printed at the start.
set -euo pipefail
self=$(readlink -f "$0")
cd "$(dirname "$self")/../../.."

runs=${1:-}
[[ "$runs" =~ ^[1-9][0-9]*$ ]] || { echo "usage: bash src/test/lab/repeat-tests.sh N [extra mvn args]  (N: how many runs, 1 or more)" >&2; exit 2; }
shift

if [[ $(id -u) -ne 0 ]]; then
  command -v sudo >/dev/null || { echo "repeat-tests: needs root; run it as root, or install sudo" >&2; exit 2; }
  # once for all the runs, keeping what run-all-tests.sh keeps
  exec sudo --preserve-env=JAVA_HOME,MAVEN_OPTS,LINKLAB_LAB_ID bash "$self" "$runs" "$@"
fi

out=$(mktemp -d /tmp/linklab-repeat.XXXXXX)
chmod 755 "$out"
echo "repeat-tests: $runs runs of run-all-tests.sh, logs in $out"

# Failed tests of one run as class.method, from the surefire XML reports (the full suite, every class).
failed_tests() {
  local f
  for f in "$1"/TEST-*.xml; do
    [[ -f "$f" ]] || continue
    awk '
      /<testcase / {
        name = $0; sub(/.* name="/, "", name); sub(/".*/, "", name)
        cls = $0; sub(/.* classname="/, "", cls); sub(/".*/, "", cls)
      }
      /<(failure|error)[ >]/ { print cls "." name }' "$f"
  done | sort -u
}

# "seconds class" for every test class of one run, slowest first.
class_times() {
  local f
  for f in "$1"/TEST-*.xml; do
    [[ -f "$f" ]] || continue
    sed -n 's/.*<testsuite [^>]*name="\([^"]*\)"[^>]*time="\([0-9.,]*\)".*/\2 \1/p; s/.*<testsuite [^>]*time="\([0-9.,]*\)"[^>]*name="\([^"]*\)".*/\1 \2/p' "$f" | head -1
  done | tr -d , | sort -rn
}

summary=()
for i in $(seq 1 "$runs"); do
  dir="$out/run-$i"
  mkdir -p "$dir"
  rm -rf target/surefire-reports
  echo "--- run $i of $runs ($(date -u +%H:%M:%S) UTC)"
  t0=$(date +%s)
  set +e
  bash src/test/lab/run-all-tests.sh "$@" >"$dir/log.txt" 2>&1
  rc=$?
  set -e
  secs=$(( $(date +%s) - t0 ))
  [[ -d target/surefire-reports ]] && cp -r target/surefire-reports "$dir/"
  failed_tests "$dir/surefire-reports" >"$dir/failed.txt"
  # check-deb.sh marks each check it fails with FAIL
  sed -n 's/^  FAIL /installer: /p' "$dir/log.txt" >>"$dir/failed.txt"
  class_times "$dir/surefire-reports" >"$dir/class-times.txt"
  # mvn's own total line (its lines may start with a time of day)
  tests=$(grep -E '\[(INFO|ERROR|WARNING)\] Tests run: [0-9]+, ' "$dir/log.txt" | grep -v ' -- in ' | tail -1 | sed 's/^.*\[[A-Z]*\] //')
  result=$([[ $rc -eq 0 ]] && echo passed || echo "FAILED (exit $rc)")
  line=$(printf 'run %d: %s in %dm%02ds; %s' "$i" "$result" $((secs / 60)) $((secs % 60)) "${tests:-no test summary}")
  summary+=("$line")
  echo "$line"
  grep '^run-all-tests: ' "$dir/log.txt" | sed 's/^run-all-tests: /  phase /' || true
  if [[ -s "$dir/failed.txt" ]]; then sed 's/^/  failed: /' "$dir/failed.txt"
  elif [[ $rc -ne 0 ]]; then echo "  no failed test named; the end of $dir/log.txt:"; tail -15 "$dir/log.txt" | sed 's/^/  | /'; fi
done

echo "=== $runs runs (logs in $out)"
printf '%s\n' "${summary[@]}"
if cat "$out"/run-*/failed.txt | grep -q .; then
  echo "failures, most frequent first (runs failed of $runs):"
  cat "$out"/run-*/failed.txt | sort | uniq -c | sort -rn | sed 's/^ */  /'
else
  echo "no test failed"
fi
echo "slowest test classes (mean seconds over the runs):"
cat "$out"/run-*/class-times.txt | awk '{ t[$2] += $1; n[$2]++ } END { for (c in t) printf "%8.1f  %s\n", t[c] / n[c], c }' | sort -rn | head -15
