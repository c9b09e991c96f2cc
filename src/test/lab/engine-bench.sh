#!/usr/bin/env bash
# Engine benchmark on the namespace lab (docs/BENCHMARKS.md, "Engine"): LinkLab against the same tests run by
# hand with two ssh commands, alternated, as ratios (src/test/lab/engine_bench.py says what it measures). Run as
# root from the project folder, on an otherwise idle machine:
#
#   mvn -B -DskipTests package
#   LINKLAB_LAB_ID=N bash src/test/lab/lab.sh up
#   LINKLAB_LAB_ID=N bash src/test/lab/engine-bench.sh [ROUNDS] [JAR] [PARTS: wall,fidelity,sweep]
#   LOGIN=slow LINKLAB_LAB_ID=N bash src/test/lab/engine-bench.sh ...   # hosts whose login shell burns 0.9 s
#   CORES=split LINKLAB_LAB_ID=N bash src/test/lab/engine-bench.sh ... # each host on a core of its own
#   WORKSTATION=idle ... # LinkLab's JVM and the by-hand ssh clients under SCHED_IDLE (not a third machine:
#                        # the cores part shows the JVM takes as much of the hosts' cores under it)
#   PARTS may add "sessions" (where the two-process gap comes from), "cause" (-P 4 with LinkLab's JVM stopped
#   for 3 s), "local" (-P 4 with LinkLab on the client host, --client local) and "cores" (-P 4 under a trace
#   of the scheduler: what the client's iperf3 got of its core; needs perf), "versus" (the wall time of JAR
#   against other LinkLab commands, VERSUS=/path/to/linklab[,...], and by hand); JAR may be the installed
#   linklab command; LINKLAB_JAVA_OPTS adds options to `java -jar JAR`
set -euo pipefail
cd "$(dirname "$0")/../../.."
ID=${LINKLAB_LAB_ID:-0}
# lab.sh finds the lab's folder the safe way (root's pointer in /run/linklab) and says if it is not up
lab_env=$(LINKLAB_LAB_ID=$ID bash src/test/lab/lab.sh env)
eval "$lab_env"
export SSH_CONFIG IDENTITY KNOWN_HOSTS H1_MGMT H2_MGMT H2_DATA H1_NS H2_NS SLOW_LOGIN_PORT LOGIN VERSUS
JAR=${2:-target/linklab.jar}
[[ -f $JAR ]] || { echo "build first: mvn -B -DskipTests package" >&2; exit 2; }
exec python3 src/test/lab/engine_bench.py "${1:-7}" "$JAR" "${3:-wall,fidelity,sweep}"
