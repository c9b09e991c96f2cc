#!/usr/bin/env bash
# Tune benchmark on the namespace lab (docs/BENCHMARKS.md, "Tune"): the tuner's check as a rerunnable
# figure. `linklab tune` between h1 and h2 (TUNE_BUDGET seconds, default 60), and separately the full grid
# over the same dimensions with `linklab test`, alternated over ROUNDS; prints the winner's confirmed rate against the
# grid's best (src/test/lab/tune_bench.py says what it measures). Run as root from the project folder, on an
# otherwise idle machine:
#
#   mvn -B -DskipTests package
#   LINKLAB_LAB_ID=N bash src/test/lab/lab.sh up
#   [TUNE_BUDGET=36] LINKLAB_LAB_ID=N bash src/test/lab/tune-bench.sh [ROUNDS] [JAR] [MAX_STREAMS] [TOOLS, e.g. iperf3,iperf2]
set -euo pipefail
cd "$(dirname "$0")/../../.."
ID=${LINKLAB_LAB_ID:-0}
# lab.sh finds the lab's folder the safe way (root's pointer in /run/linklab) and says if it is not up
lab_env=$(LINKLAB_LAB_ID=$ID bash src/test/lab/lab.sh env)
eval "$lab_env"
export SSH_CONFIG IDENTITY KNOWN_HOSTS H1_MGMT H2_MGMT H2_DATA
JAR=${2:-target/linklab.jar}
[[ -f $JAR ]] || { echo "build first: mvn -B -DskipTests package" >&2; exit 2; }
exec python3 src/test/lab/tune_bench.py "${1:-3}" "$JAR" "${3:-4}" "${4:-iperf3}"
