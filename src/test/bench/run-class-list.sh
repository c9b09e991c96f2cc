#!/usr/bin/env bash
# Records src/main/resources/io/linklab/ui/runs/run-classes.txt, the classes the window's first Run loads from
# Run to the first interval in the table (RunWarmUp loads them while the wizard is open, decision 0804): one
# window of run-start.sh with the warm-up off and the JVM's class-load log, cut between the two uptimes the
# benchmark prints. The early logins are off too, so that the list holds what a Run's own login loads (a host
# that needs a password is logged in to at Run). Remake it after changes to the engine, the SSH transport or the dashboard. As root, lab up:
#   LINKLAB_LAB_ID=N bash src/test/bench/run-class-list.sh
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../../.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# run-start.sh's own class path and Xvfb; one window, warm-up off
out=$(SWITCH=warmup PAIRS=1 ROUNDS=1 \
  JAVA_OPTS="-Dlinklab.earlyLogins=false -Xlog:class+load=info:file=$work/classes.log:uptime" bash "$here/run-start.sh")
echo "$out" | grep -E 'first run|warm-up off' || true
python3 - "$work/classes.log" "$out" "$repo/src/main/resources/io/linklab/ui/runs/run-classes.txt" <<'PY'
import re, sys
log, out, target = sys.argv[1], sys.argv[2], sys.argv[3]
# the window with the warm-up off is the second of the pair (on, off)
blocks = out.split("warm-up ")
off = next(b for b in blocks if b.startswith("off,"))
start = int(re.search(r"Run at uptime (\d+) ms", off).group(1)) / 1000
end = int(re.search(r"first row at uptime (\d+) ms", off).group(1)) / 1000
names = []
for line in open(log):
    m = re.match(r"\[(\d+\.\d+)s\] (\S+) source: (\S+)", line)
    if not m or not start <= float(m.group(1)) <= end:
        continue
    name, source = m.group(2), m.group(3)
    # hidden and generated classes (lambdas, method handles, proxies) cannot be loaded by name
    if name.startswith(("io.linklab.ui.bench.", "sun.management.")):  # the benchmark's own
        continue
    if "$$" in name or "/0x" in name or "LambdaForm" in name or "Species_" in name or source.startswith("__"):
        continue
    names.append(name)
with open(target, "w") as f:
    f.write("# Classes the window's first Run loads from Run to the first interval (RunWarmUp, decision 0804),\n")
    f.write("# in load order. Recorded by src/test/bench/run-class-list.sh; RunWarmUpTest fails when a LinkLab\n")
    f.write("# or JSch name here no longer exists.\n")
    f.write("\n".join(names) + "\n")
print(f"{len(names)} classes loaded in {end - start:.2f} s -> {target}")
PY
