#!/usr/bin/env bash
# Installs the built LinkLab .deb on this machine, checks what a user gets (the `linklab` command with the
# jar's subcommands, the bundled runtime, the menu entry, the GUI window with its icon), removes the package
# and checks nothing is left. Prints the package size and start-up times (docs/BENCHMARKS.md "## Installer").
# Usage, as root, after `mvn -B -Pinstaller -DskipTests package`:
#   bash installer/check-deb.sh [target/installer/linklab_<version>_amd64.deb]
# Needs xvfb, xauth and x11-utils (xwininfo, xprop). An installed linklab package is replaced for the check
# and removed at the end.
set -euo pipefail
cd "$(dirname "$0")/.."

deb=${1:-$(ls target/installer/linklab_*_amd64.deb 2>/dev/null | head -1 || true)}
[[ -n "$deb" && -f "$deb" ]] || { echo "check-deb: no .deb given and none in target/installer; build it with: mvn -B -Pinstaller -DskipTests package" >&2; exit 2; }
[[ $(id -u) -eq 0 ]] || { echo "check-deb: run as root (it installs and removes a package)" >&2; exit 2; }

APP_DIR=/opt/linklab
passed=0
failed=0
ok()   { passed=$((passed + 1)); echo "  ok   $*"; }
bad()  { failed=$((failed + 1)); echo "  FAIL $*"; }
check() { local what=$1; shift; if "$@"; then ok "$what"; else bad "$what"; fi; }
now()  { date +%s.%N; }
secs() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", b - a }'; }
quiet() { local log=$1; shift; "$@" >"$log" 2>&1 || { sed 's/^/  | /' "$log"; return 1; }; }
# dpkg does not wait for a lock held by an apt run elsewhere on the machine; wait up to 5 minutes for it.
dpkg_waiting() {
  local out rc
  for _ in $(seq 1 60); do
    out=$(dpkg "$@" 2>&1) && rc=0 || rc=$?
    [[ $rc -ne 0 && "$out" == *"lock"* ]] || { printf '%s\n' "$out"; return "$rc"; }
    sleep 5
  done
  printf '%s\n' "$out"; return "$rc"
}

pkg_version=$(dpkg-deb -f "$deb" Version)
version=${pkg_version%-*}
work=$(mktemp -d /tmp/linklab-check-deb.XXXXXX)
gui_pid=
cleanup() {
  [[ -n "$gui_pid" ]] && kill "$gui_pid" 2>/dev/null || true
  # never leave the package behind, whatever failed above
  if dpkg-query -W -f='${Status}' linklab 2>/dev/null | grep -q "ok installed"; then dpkg_waiting -r linklab >/dev/null 2>&1 || true; fi
  dpkg_waiting -P linklab >/dev/null 2>&1 || true
  rm -rf "$work"
}
trap cleanup EXIT

echo "installer check: $deb (package version $pkg_version)"
# the test command packs with gzip for speed, releases with xz: say which, so the size is read right
echo "  size: $(( $(stat -c %s "$deb") / 1024 / 1024 )) MiB package ($(ar t "$deb" | grep '^data\.tar')), $(( $(dpkg-deb -f "$deb" Installed-Size) / 1024 )) MiB installed"

if dpkg-query -W -f='${Status}' linklab 2>/dev/null | grep -q "ok installed"; then
  echo "  note: replacing the installed linklab $(dpkg-query -W -f='${Version}' linklab) for the check"
  dpkg_waiting -r linklab >/dev/null
fi

# What apt would pull in for `apt install ./linklab.deb`; dpkg -i itself installs nothing else.
missing=()
IFS=',' read -ra deps <<<"$(dpkg-deb -f "$deb" Depends)"
for d in "${deps[@]}"; do
  d=$(echo "$d" | sed -E 's/\(.*\)//; s/\|.*//' | xargs)
  [[ -z "$d" ]] && continue
  dpkg-query -W -f='${Status}' "$d" 2>/dev/null | grep -q "ok installed" || missing+=("$d")
done
if ((${#missing[@]})); then
  echo "  installing the package's dependencies: ${missing[*]}"
  DEBIAN_FRONTEND=noninteractive apt-get install -o DPkg::Lock::Timeout=300 -y -q --no-install-recommends "${missing[@]}" >/dev/null
fi

t0=$(now)
if quiet "$work/dpkg-i.log" dpkg_waiting -i "$deb"; then ok "dpkg -i installs the package"; else
  bad "dpkg -i installs the package"
  echo "installer: $passed passed, $failed failed (stopped: the package did not install)"; exit 1
fi
echo "  install: $(secs "$t0" "$(now)") s"
check "package state is 'install ok installed'" \
  bash -c '[[ $(dpkg-query -W -f="\${Status}" linklab) == "install ok installed" ]]'

# --- the command and the bundled runtime -------------------------------------------------------------------
check "linklab is on the PATH as /usr/bin/linklab" bash -c '[[ $(command -v linklab) == /usr/bin/linklab ]]'
for h in linklab-mtu linklab-kill; do
  check "/usr/sbin/$h is the root-owned helper $APP_DIR/lib/app/$h" \
    bash -c "[[ \$(readlink -f /usr/sbin/$h) == $APP_DIR/lib/app/$h && \$(stat -c %U:%a $APP_DIR/lib/app/$h) == root:755 ]]"
done
check "linklab-mtu refuses an interface that is no name, before running anything" \
  bash -c "/usr/sbin/linklab-mtu 'eth0 netns 1' 1500 2>/dev/null; [[ \$? -eq 2 ]]"
check "linklab-kill refuses a pid file outside LinkLab's run folders" \
  bash -c "/usr/sbin/linklab-kill KILL /etc/passwd 2>/dev/null; [[ \$? -eq 2 ]]"
check "/usr/bin/linklab is the command script $APP_DIR/lib/app/linklab" \
  bash -c "[[ \$(readlink -f /usr/bin/linklab) == $APP_DIR/lib/app/linklab ]]"
check "a runtime is bundled (libjvm, JavaFX, ControlsFX, jdk.crypto.ec for ed25519 keys)" bash -c "
  [[ -f $APP_DIR/lib/runtime/lib/server/libjvm.so ]] &&
  grep -q 'javafx.controls' $APP_DIR/lib/runtime/release &&
  grep -q 'org.controlsfx.controls' $APP_DIR/lib/runtime/release &&
  grep -q 'jdk.crypto.ec' $APP_DIR/lib/runtime/release"

# A clean environment: no JAVA_HOME, no java on the PATH, a fresh home. The launcher must not need them.
run_clean() { env -i HOME="$work/home" PATH=/usr/bin:/bin LANG=C.UTF-8 "$@"; }
mkdir -p "$work/home"
t0=$(now)
set +e
run_clean linklab --help >"$work/help.out" 2>"$work/help.err"; help_rc=$?
set -e
echo "  linklab --help: $(secs "$t0" "$(now)") s"
check "linklab --help exits 0" test "$help_rc" -eq 0
check "linklab --help lists the import and test subcommands" \
  bash -c "grep -qE '^  import ' '$work/help.out' && grep -qE '^  test ' '$work/help.out'"
if [[ -f target/linklab.jar ]]; then
  java -jar target/linklab.jar --help >"$work/jar-help.out" 2>/dev/null || true
  # the same text, naming the command the way it was started
  check "linklab --help says what java -jar target/linklab.jar --help says, as 'linklab'" \
    bash -c "sed 's/java -jar linklab.jar/linklab/g' '$work/jar-help.out' | cmp -s '$work/help.out' - && grep -q '^  linklab COMMAND' '$work/help.out'"
fi
set +e
run_clean linklab --version >"$work/version.out" 2>&1
run_clean linklab no-such-command >/dev/null 2>"$work/unknown.err"; unknown_rc=$?
set -e
run_clean "$APP_DIR/bin/LinkLab" --help >"$work/launcher-help.out" 2>&1 || true
# the launcher (the menu entry's) does not say how the user typed it, so its help names the jar
check "jpackage's launcher $APP_DIR/bin/LinkLab runs the same program" \
  bash -c "sed 's/java -jar linklab.jar/linklab/g' '$work/launcher-help.out' | cmp -s '$work/help.out' -"
check "linklab --version prints LinkLab $version" bash -c "[[ \$(cat '$work/version.out') == 'LinkLab $version' ]]"
check "an unknown subcommand exits 2 with a message and no stack trace" \
  bash -c "[[ $unknown_rc -eq 2 ]] && grep -q \"unknown subcommand 'no-such-command'\" '$work/unknown.err' && ! grep -q 'Exception' '$work/unknown.err'"

# import through the installed command: the same files, and the same CSV as the jar writes
fixture=src/test/resources/fixtures/recorded/iperf3_3.12_client_bidir.json
set +e
run_clean linklab import "$PWD/$fixture" --samples "$work/samples.csv" --summary "$work/summary.csv" \
  >"$work/import.out" 2>"$work/import.err"; import_rc=$?
set -e
check "linklab import $(basename "$fixture") exits 0 and reports it ok" \
  bash -c "[[ $import_rc -eq 0 ]] && grep -q 'iperf3-json' '$work/import.out' && grep -qE ' ok\$' '$work/import.out'"
check "the imported samples.csv has the contract's columns and rows" bash -c "
  head -1 '$work/samples.csv' | grep -q '^source,point,stream,direction,start_s,end_s,bytes,bits_per_second,retransmits,cwnd_bytes' &&
  [[ \$(wc -l <'$work/samples.csv') -gt 1 ]]"
if [[ -f target/linklab.jar ]]; then
  java -jar target/linklab.jar import "$PWD/$fixture" --samples "$work/jar-samples.csv" --summary "$work/jar-summary.csv" >/dev/null 2>&1 || true
  check "the installed command writes the same samples.csv and summary.csv as the jar" \
    bash -c "cmp -s '$work/samples.csv' '$work/jar-samples.csv' && cmp -s '$work/summary.csv' '$work/jar-summary.csv'"
fi

# headless runs keep the JIT to C1 (installer/linux/linklab); JAVA_TOOL_OPTIONS reaches the JVM it starts
check "the headless command runs with the C1 compiler only (TieredStopAtLevel 1)" bash -c \
  "env JAVA_TOOL_OPTIONS=-XX:+PrintFlagsFinal linklab --version 2>/dev/null | grep -Eq 'TieredStopAtLevel +:?= 1 '"

# --- the class-data archive postinst makes (docs/decisions/0802-class-data-archive.md) -----------------------
jsa=$APP_DIR/lib/app/linklab.jsa
check "postinst made the class-data archive $jsa and recorded its size" \
  bash -c "[[ -s '$jsa' && \$(stat -c %s '$jsa') == \$(cat '$jsa.size') ]]"
[[ -f "$jsa" ]] && echo "  class-data archive: $(( $(stat -c %s "$jsa") / 1024 / 1024 )) MiB"
# JAVA_TOOL_OPTIONS reaches the JVM the command starts: its class-loading log says where each class came from
cds_log() { run_clean env JAVA_TOOL_OPTIONS="-Xlog:class+load:file=$1" linklab import "$PWD/$fixture" --samples "$work/cds-samples.csv" >/dev/null 2>&1; }
cds_log "$work/cds-on.log" || true
top=$(grep -c 'source: shared objects file' "$work/cds-on.log" 2>/dev/null || true)
all=$(grep -c '' "$work/cds-on.log" 2>/dev/null || true)
echo "  linklab import: ${top:-0} of ${all:-0} classes from the archive, $(grep -c 'source: jar:\|source: file:' "$work/cds-on.log" || true) from jars"
check "linklab import loads its parser's, picocli's, Jackson's and commons-csv's classes from the archive" bash -c "
  grep -q 'picocli.CommandLine source: shared objects file' '$work/cds-on.log' &&
  grep -q 'io.linklab.tools.iperf3.Iperf3JsonParser source: shared objects file' '$work/cds-on.log' &&
  grep -q 'com.fasterxml.jackson.core.JsonFactory source: shared objects file' '$work/cds-on.log' &&
  grep -q 'org.apache.commons.csv.CSVPrinter source: shared objects file' '$work/cds-on.log'"
# A damaged archive must only cost the speed-up: truncated (JDK 17 would die of SIGBUS mapping it, so the
# command checks the recorded size), overwritten with the right size (the JVM rejects the header), stale (a jar
# changed after it was made). Each time `linklab --help` must print exactly what it prints with the archive.
cp -p "$jsa" "$work/linklab.jsa.good"
damaged_help() {
  local what=$1 rc
  set +e
  run_clean linklab --help >"$work/dmg.out" 2>"$work/dmg.err"; rc=$?
  set -e
  check "with a $what archive linklab --help exits 0, prints the same help and nothing else" \
    bash -c "[[ $rc -eq 0 ]] && cmp -s '$work/help.out' '$work/dmg.out' && [[ ! -s '$work/dmg.err' ]] && ! ls $APP_DIR/lib/app/hs_err_pid*.log >/dev/null 2>&1"
}
truncate -s 100000 "$jsa"; damaged_help truncated
head -c "$(cat "$jsa.size")" /dev/urandom >"$jsa"; damaged_help "garbage (same size)"
cp -p "$work/linklab.jsa.good" "$jsa"; touch "$APP_DIR/lib/app/linklab-app.jar"; damaged_help "stale (jar newer)"
# Reinstalling is an upgrade for dpkg: the old prerm drops the archive, the new postinst makes one for its jars.
t0=$(now)
check "reinstalling (an upgrade for dpkg) makes a fresh archive that linklab uses" bash -c "
  $(declare -f dpkg_waiting); dpkg_waiting -i '$deb' >'$work/dpkg-i2.log' 2>&1 &&
  [[ -s '$jsa' && \$(stat -c %s '$jsa') == \$(cat '$jsa.size') ]] &&
  env -i HOME='$work/home' PATH=/usr/bin:/bin JAVA_TOOL_OPTIONS='-Xlog:class+load:file=$work/cds-again.log' \
    linklab --version >/dev/null 2>&1 && grep -q 'io.linklab.Launcher source: shared objects file' '$work/cds-again.log'"
echo "  reinstall (archive made again): $(secs "$t0" "$(now)") s"

# --- the menu entry ----------------------------------------------------------------------------------------
desktop=/usr/share/applications/linklab.desktop
check "menu entry $desktop starts $APP_DIR/bin/LinkLab" grep -qx "Exec=$APP_DIR/bin/LinkLab" "$desktop"
icon=$(sed -n 's/^Icon=//p' "$desktop" 2>/dev/null || true)
check "menu entry icon $icon is the 256 px LinkLab icon" cmp -s "$icon" icons/png/linklab-256.png

# --- the GUI under Xvfb ------------------------------------------------------------------------------------
# Cold start: a fresh HOME, so JavaFX unpacks its native libraries as on a user's first start.
cat >"$work/gui.sh" <<'GUI'
#!/usr/bin/env bash
# Runs inside xvfb-run: starts the installed app, waits for its main window (not GTK's 10x10 leader window),
# reports the seconds it took, the window's class and whether it carries an icon, then stops the app.
set -uo pipefail
work=$1
t0=$(date +%s.%N)
HOME="$work/home" linklab >"$work/gui.log" 2>&1 &
pid=$!
echo "$pid" >"$work/gui.pid"
win=
for _ in $(seq 1 240); do
  # the title is "LinkLab" or "LinkLab — <open topology>"; the class tells it from GTK's leader window
  win=$(xwininfo -root -tree 2>/dev/null | awk '/"LinkLab[^"]*": \("io\.linklab/ { print $1; exit }')
  [[ -n "$win" ]] && break
  kill -0 "$pid" 2>/dev/null || break
  sleep 0.25
done
t1=$(date +%s.%N)
if [[ -n "$win" ]]; then
  awk -v a="$t0" -v b="$t1" 'BEGIN { printf "window_seconds=%.2f\n", b - a }'
  echo "window_class=$(xprop -id "$win" WM_CLASS | sed 's/.*= //')"
  # the command script execs the JVM: its command line shows the options the GUI got
  tr '\0' ' ' <"/proc/$pid/cmdline" | grep -q TieredStopAtLevel && echo "gui_c1_only=yes" || echo "gui_c1_only=no"
  # set from Stage.getIcons() before show(), yet one CI run read no _NET_WM_ICON the instant the window was
  # mapped: the property can reach the X server a moment after the window, so give it a few seconds
  icon=no
  for _ in $(seq 1 40); do
    xprop -id "$win" _NET_WM_ICON >"$work/wm-icon.txt" 2>&1
    grep -q 'Icon (' "$work/wm-icon.txt" && { icon=yes; break; }
    sleep 0.25
  done
  echo "window_icon=$icon"
fi
kill -TERM "$pid" 2>/dev/null
for _ in $(seq 1 40); do kill -0 "$pid" 2>/dev/null || break; sleep 0.25; done
kill -0 "$pid" 2>/dev/null && { echo "still_running=yes"; kill -KILL "$pid"; } || echo "still_running=no"
GUI
xvfb-run -a -s "-screen 0 1600x1000x24" bash "$work/gui.sh" "$work" >"$work/gui.result" 2>&1 || true
gui_pid=$(cat "$work/gui.pid" 2>/dev/null || true)
check "the installed GUI opens a window titled LinkLab under Xvfb" grep -q '^window_seconds=' "$work/gui.result"
check "the window carries the LinkLab icon" grep -q '^window_icon=yes' "$work/gui.result"
check "the GUI keeps both JIT compilers" grep -q '^gui_c1_only=no' "$work/gui.result"
grep -q '^window_icon=no' "$work/gui.result" && sed 's/^/  | xprop: /' "$work/wm-icon.txt" | head -3
check "the GUI stops on SIGTERM" grep -q '^still_running=no' "$work/gui.result"
if ! grep -q '^window_seconds=' "$work/gui.result"; then
  echo "  --- gui output:"; sed 's/^/  | /' "$work/gui.result" "$work/gui.log" | head -40
fi
echo "  GUI cold start to window: $(sed -n 's/^window_seconds=//p' "$work/gui.result") s"
gui_pid=

# --- removal -----------------------------------------------------------------------------------------------
t0=$(now)
check "dpkg -r removes the package" quiet "$work/dpkg-r.log" dpkg_waiting -r linklab
echo "  remove: $(secs "$t0" "$(now)") s"
check "the class-data archive is gone with it" test ! -e "$APP_DIR/lib/app/linklab.jsa" -a ! -e "$APP_DIR/lib/app/linklab.jsa.size"
check "$APP_DIR is gone" test ! -e "$APP_DIR"
check "/usr/bin/linklab is gone" test ! -e /usr/bin/linklab -a ! -L /usr/bin/linklab
check "the linklab alternative is gone" bash -c '! update-alternatives --query linklab >/dev/null 2>&1'
check "the sudo helpers are gone" test ! -e /usr/sbin/linklab-mtu -a ! -L /usr/sbin/linklab-mtu -a ! -e /usr/sbin/linklab-kill -a ! -L /usr/sbin/linklab-kill
check "the menu entry is gone" test ! -e "$desktop"
check "dpkg -P purges what dpkg still keeps of it" quiet "$work/dpkg-p.log" dpkg_waiting -P linklab
check "dpkg no longer knows the package" bash -c '! dpkg-query -W linklab >/dev/null 2>&1'

echo "installer: $passed passed, $failed failed"
((failed == 0))
