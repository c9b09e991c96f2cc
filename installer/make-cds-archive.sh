#!/usr/bin/env bash
# Makes the class-data archive for `java -jar JAR` (docs/decisions/0802-class-data-archive.md), the same one the
# .deb makes for the installed command: a static archive of what a training run (io.linklab.cli.StartupTraining,
# connects to no host) loads, with the runtime's own class list. Use it with the same java and the same jar file,
# unchanged:
#   java -XX:SharedArchiveFile=OUT.jsa -Xlog:cds=off -Xlog:cds+dynamic=off -jar JAR test …
# The archive is valid only for that runtime and that jar (path, size, time); after a rebuild make it again —
# a stale one is ignored (with the -Xlog options above, silently) and only costs the speed-up.
# Usage: bash installer/make-cds-archive.sh JAR OUT.jsa      (JAVA=/path/to/java to pick the runtime)
set -euo pipefail
[[ $# -eq 2 ]] || { echo "usage: $0 JAR OUT.jsa   (JAVA=… picks the java; default: java on the PATH)" >&2; exit 2; }
jar=$1
out=$2
java=${JAVA:-java}
[[ -f "$jar" ]] || { echo "make-cds-archive: no jar at $jar; build it with: mvn -B -DskipTests package" >&2; exit 2; }
command -v "$java" >/dev/null || { echo "make-cds-archive: no java ('$java'); set JAVA=/path/to/bin/java" >&2; exit 2; }
# the JVM checks the class path it was made with against the one it runs with: give it the absolute path
jar=$(readlink -f "$jar")
work=$(mktemp -d /tmp/linklab-cds.XXXXXXXXXX)
log=$work/log
trap 'rm -rf "$work"; rm -f "$out.new"' EXIT
start=$(date +%s.%N)
# static, not -XX:ArchiveClassesAtExit: JDK 17's dynamic archive skips picocli's classes (class-file version 49)
if ! "$java" -XX:DumpLoadedClassList="$work/training" -cp "$jar" io.linklab.cli.StartupTraining -v >"$log" 2>&1; then
  echo "make-cds-archive: the training run failed:" >&2
  sed 's/^/  /' "$log" >&2
  exit 1
fi
home=$("$java" -XshowSettings:properties -version 2>&1 | sed -n 's/^ *java.home = //p')
{ cat "$work/training"; cat "$home/lib/classlist" 2>/dev/null || true; } | awk '!seen[$0]++' >"$work/all"
if ! "$java" -Xshare:dump -XX:SharedClassListFile="$work/all" -XX:SharedArchiveFile="$out.new" -cp "$jar" \
      >"$work/dump" 2>&1 || [[ ! -s "$out.new" ]]; then
  echo "make-cds-archive: the archive could not be made:" >&2
  tail -n 20 "$work/dump" | sed 's/^/  /' >&2
  exit 1
fi
summary=$(grep -m1 '^training:' "$log" || true)
# JDK 17 dies of SIGBUS on an archive cut short (e.g. a full disk): prove this one maps before it takes the name
if ! "$java" -XX:SharedArchiveFile="$out.new" -Xshare:on -cp "$jar" io.linklab.Launcher --version >"$log" 2>&1; then
  echo "make-cds-archive: the new archive does not map:" >&2
  sed 's/^/  /' "$log" >&2
  exit 1
fi
mv -f "$out.new" "$out"
# the JVM's dump warnings (classes it cannot archive, e.g. JSch's Bouncy Castle ones) are expected: not shown
awk -v a="$start" -v b="$(date +%s.%N)" -v f="$out" -v s="$(stat -c %s "$out")" -v t="$summary" \
  'BEGIN { printf "%s: %.1f MiB in %.1f s (%s)\n", f, s / 1048576, b - a, t }'
