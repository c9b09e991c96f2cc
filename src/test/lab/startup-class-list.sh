#!/usr/bin/env bash
# Remakes src/main/resources/io/linklab/cli/startup-classes.txt (docs/decisions/0802-class-data-archive.md): the
# classes a real `linklab test` over SSH on the lab loads beyond the runtime's base archive that
# StartupTraining's own steps do not reach. Run as root after `mvn -B -DskipTests package` and
# `LINKLAB_LAB_ID=N bash src/test/lab/lab.sh up`; then rebuild and commit the list:
#   LINKLAB_LAB_ID=N bash src/test/lab/startup-class-list.sh
set -euo pipefail
cd "$(dirname "$0")/../../.."
ID=${LINKLAB_LAB_ID:-0}
# lab.sh finds the lab's folder the safe way (root's pointer in /run/linklab) and says if it is not up
lab_env=$(LINKLAB_LAB_ID=$ID bash src/test/lab/lab.sh env)
eval "$lab_env"
JAR=target/linklab.jar
LIST=src/main/resources/io/linklab/cli/startup-classes.txt
[[ -f $JAR ]] || { echo "build first: mvn -B -DskipTests package" >&2; exit 2; }
work=$(mktemp -d /tmp/linklab-class-list.XXXXXX)
trap 'rm -rf "$work"' EXIT

java -Xlog:class+load:file="$work/test.log" -jar "$JAR" test --client "root@$H1_MGMT" --server "root@$H2_MGMT" \
  --target "$H2_DATA" --identity "$IDENTITY" --known-hosts "$KNOWN_HOSTS" --port 5570 --duration 2 \
  --out "$work/run" >"$work/test.out" 2>&1 || { cat "$work/test.out"; exit 1; }
java -Dlinklab.training.skipClassList=true -Xlog:class+load:file="$work/training.log" \
  -cp "$JAR" io.linklab.cli.StartupTraining
# named classes only: hidden ones (lambdas, lambda forms) and the reflection accessors the JDK generates
# (jdk.internal.reflect.GeneratedConstructorAccessorN, seen once in a list) cannot be loaded by name
names() { grep -v 'source: shared objects file' "$1" | awk '{ print $2 }' | grep -v -E '/0x|\$\$Lambda|^jdk\.internal\.reflect\.Generated' | sort -u; }
names "$work/test.log" >"$work/test.names"
names "$work/training.log" >"$work/training.names"
{ sed -n '1,/^# *LINKLAB_LAB_ID=/p' "$LIST" | grep '^#'; comm -23 "$work/test.names" "$work/training.names"; } >"$work/list"
mv "$work/list" "$LIST"
echo "$LIST: $(grep -vc '^#' "$LIST") classes; the real test loaded $(wc -l <"$work/test.names") beyond the base archive"
