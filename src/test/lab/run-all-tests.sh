#!/usr/bin/env bash
# Runs every LinkLab test on a fresh Debian/Ubuntu machine: installs what the tests need, brings the
# namespace lab up, runs the whole suite (unit, UI headless, lab), builds the .deb and checks it, takes
# the lab down. It needs root (network namespaces, packages): run as root it goes straight on, any other
# user is asked for sudo once, for the whole run.
# Usage (from anywhere): bash src/test/lab/run-all-tests.sh [extra mvn args]
#   LINKLAB_LAB_ID=N picks the lab instances N and N+1 (N 0..98, default 0), apart from other labs on the
#   machine: the tests run in two JVMs at once, each with a lab of its own.
set -euo pipefail
self=$(readlink -f "$0")
cd "$(dirname "$self")/../../.."

if [[ $(id -u) -ne 0 ]]; then
  command -v sudo >/dev/null || { echo "run-all-tests: needs root; run it as root, or install sudo" >&2; exit 2; }
  # sudo resets the environment: keep what picks the JDK, tunes Maven and names the lab
  exec sudo --preserve-env=JAVA_HOME,MAVEN_OPTS,LINKLAB_LAB_ID bash "$self" "$@"
fi

export LINKLAB_LAB_ID=${LINKLAB_LAB_ID:-0}
[[ $LINKLAB_LAB_ID =~ ^[0-9]{1,2}$ && $LINKLAB_LAB_ID -le 98 ]] ||
  { echo "run-all-tests: LINKLAB_LAB_ID must be 0..98 (the run uses N and N+1), not '$LINKLAB_LAB_ID'" >&2; exit 2; }
# Half the suite waits on the network, on timeouts or on a 5 s test: two test JVMs at once fill those waits. The
# second JVM's lab tests run on a lab of their own, so the two never share a host (processes, MTUs, sshd).
LABS=("$LINKLAB_LAB_ID" "$((LINKLAB_LAB_ID + 1))")
# Java 17 takes its default charset from the locale, and a login without LANG (or sudo's reset environment)
# gives ASCII: run in UTF-8 whoever starts the run, so its results do not depend on how it was started.
[[ "$(locale charmap 2>/dev/null)" == UTF-8 ]] || export LC_ALL=C.UTF-8
LAB=src/test/lab/lab.sh
phase_start=$(date +%s)
phases=()
# Prints how long the phase that just ended took, and keeps it for the summary at the end.
phase() { local t; t=$(date +%s); phases+=("$(printf '%-22s %4d s' "$1" $((t - phase_start)))"); phase_start=$t; }

# Everything the run changes on the machine is put back here, whatever stopped it.
apt_dropin=
lab_up=
restart_netserver=
mvn_log=
cleanup() {
  local rc=$?
  if [[ -n "$mvn_log" ]]; then rm -f "$mvn_log"; fi
  if [[ -n "$apt_dropin" ]]; then rm -f "$apt_dropin"; apt-get update -q >/dev/null 2>&1 || true; fi
  if [[ -n "$lab_up" ]]; then for id in "${LABS[@]}"; do LINKLAB_LAB_ID=$id bash "$LAB" down || true; done; fi
  if [[ -n "$restart_netserver" ]]; then start_netserver || true; fi
  # A sudo run writes target/ as root inside the caller's checkout: give it back to them.
  if [[ -n "${SUDO_UID:-}" && -d target && $(stat -c %u .) == "$SUDO_UID" ]]; then
    chown -R -h "$SUDO_UID:${SUDO_GID:-$SUDO_UID}" target || true
  fi
  if ((${#phases[@]})); then printf 'run-all-tests: %s\n' "${phases[@]}"; fi
  return "$rc"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

# netperf is in Debian's non-free component (Ubuntu: multiverse). When apt does not offer it, a source of
# our own for that component alone goes in beside the machine's (same mirror, suite and key, so apt sees no
# conflicting Signed-By), and comes out again after the install: the machine's own sources are never edited.
netperf_source() {
  local code comp
  code=$(. /etc/os-release && echo "${VERSION_CODENAME:-}")
  [[ -n "$code" ]] || return 1
  if grep -qi '^ID=ubuntu' /etc/os-release; then comp=multiverse; else comp=non-free; fi
  local f
  # deb822 (.sources, Debian 12 and Ubuntu 24.04): copy the stanza of the main archive for this release
  for f in /etc/apt/sources.list.d/*.sources; do
    [[ -f "$f" ]] || continue
    awk -v code="$code" -v comp="$comp" '
      BEGIN { RS = ""; FS = "\n" }
      {
        types = suites = comps = enabled = ""
        for (i = 1; i <= NF; i++) {
          if ($i ~ /^Types:/) types = " " substr($i, 7) " "
          else if ($i ~ /^Suites:/) suites = " " substr($i, 8) " "
          else if ($i ~ /^Components:/) comps = " " substr($i, 12) " "
          else if ($i ~ /^Enabled:/) enabled = $i
        }
        gsub(/[ \t]+/, " ", types); gsub(/[ \t]+/, " ", suites); gsub(/[ \t]+/, " ", comps)
        if (types ~ / deb / && suites ~ (" " code " ") && comps ~ / main / && enabled !~ /no/) {
          for (i = 1; i <= NF; i++) {
            if ($i ~ /^Suites:/) print "Suites: " code
            else if ($i ~ /^Components:/) print "Components: " comp
            else if ($i !~ /^#/) print $i
          }
          found = 1; exit
        }
      }
      END { exit !found }' "$f" && return 0
  done
  # one-line format (sources.list, *.list)
  local line
  line=$(cat /etc/apt/sources.list /etc/apt/sources.list.d/*.list 2>/dev/null |
         sed -nE "s/^deb[[:space:]]+((\[[^]]*\][[:space:]]+)?[^[:space:]]+)[[:space:]]+$code[[:space:]].*\bmain\b.*/deb \1 $code $comp/p" | head -1)
  [[ -n "$line" ]] && echo "$line"
}

# The packaged netserver (the netperf package starts it) listens on 12865 in this namespace. Stop that one
# daemon, found by the port it holds, not every netserver by name: lab hosts share the process table.
netserver_pid() {
  local pid
  pid=$(ss -Hltnp 'sport = :12865' 2>/dev/null | grep -o 'pid=[0-9]*' | head -1 | cut -d= -f2)
  [[ -n "$pid" && $(readlink "/proc/$pid/exe" 2>/dev/null) == /usr/bin/netserver ]] && echo "$pid"
  return 0
}
start_netserver() {
  if [[ -d /run/systemd/system ]]; then systemctl start netperf; else /usr/bin/netserver >/dev/null; fi
}

PACKAGES=(openjdk-17-jdk-headless maven iperf3 iperf netperf openssh-server openssh-client iproute2
          procps iputils-ping ethtool nftables sudo libgtk-3-0 xvfb xauth fakeroot binutils dpkg-dev x11-utils xdg-utils
          gcc make libc6-dev chromium poppler-utils)

# one dpkg-query for all of them: twenty separate ones took ~10 s on a busy machine. It exits 1 when any of
# them was never installed (a fresh machine), which is the case this list is for: only its output counts.
installed=" $({ dpkg-query -W -f='${db:Status-Abbrev} ${Package}\n' "${PACKAGES[@]}" 2>/dev/null || true; } | awk '$1 == "ii" { printf "%s ", $2 }')"
missing=()
for p in "${PACKAGES[@]}"; do [[ "$installed" == *" $p "* ]] || missing+=("$p"); done
if ((${#missing[@]})); then
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -q
  if [[ " ${missing[*]} " == *" netperf "* ]] && ! apt-cache policy netperf | grep -q 'Candidate: [0-9]'; then
    if src=$(netperf_source); then
      if [[ "$src" == deb\ * ]]; then apt_dropin=/etc/apt/sources.list.d/linklab-tests-netperf.list
      else apt_dropin=/etc/apt/sources.list.d/linklab-tests-netperf.sources; fi
      echo "netperf: adding $apt_dropin for the run (removed afterwards)"
      printf '%s\n' "$src" > "$apt_dropin"
      apt-get update -q
    else
      echo "netperf: no apt source for this release's main archive found; netperf stays missing" >&2
    fi
  fi
  echo "installing: ${missing[*]}"
  apt-get install -y -q --no-install-recommends "${missing[@]}"
  if [[ -n "$apt_dropin" ]]; then rm -f "$apt_dropin"; apt_dropin=; apt-get update -q; fi
fi

# jlink (for the installer) needs the JDK's jmods: in Debian's openjdk-17-jdk-headless, a package of their own on Ubuntu.
if ! compgen -G "/usr/lib/jvm/java-17-openjdk-*/jmods/java.base.jmod" >/dev/null; then
  DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends openjdk-17-jmods
fi
phase "packages"

# The lab tests run iperf3 3.21 (threads, --json-stream) beside the distribution's: built once per machine from
# the vendored release source into a folder of the lab's own (src/test/lab/vendor/README.md).
iperf3_latest=$(bash src/test/lab/iperf3-build.sh)
phase "iperf3 3.21"

pid=$(netserver_pid)
if [[ -n "$pid" ]]; then
  echo "stopping the packaged netserver (pid $pid, port 12865) for the run; started again at the end"
  kill "$pid"
  restart_netserver=yes
fi

echo "labs ${LABS[*]}"
lab_up=yes   # before up: a lab that fails half-way up is taken down too
for id in "${LABS[@]}"; do
  LINKLAB_LAB_ID=$id bash "$LAB" down >/dev/null 2>&1 || true
  LINKLAB_LAB_ID=$id bash "$LAB" up
done
phase "lab up"

# How long each Maven step took (compile, tests, jlink, each jpackage...), from the times on its log lines.
mvn_steps() {
  awk '
    function secs(t) { split(t, a, ":"); return a[1] * 3600 + a[2] * 60 + a[3] }
    function close_step(t) { if (step != "") { d = secs(t) - start; if (d < 0) d += 86400; printf "mvn %-40s %4d s\n", step, d } }
    $1 ~ /^[0-9][0-9]:[0-9][0-9]:[0-9][0-9]$/ && $2 == "[INFO]" && $3 == "---" {
      close_step($1); step = $4 " " $5; sub(/:[0-9][0-9.]*:/, ":", step); gsub(/maven-|-plugin/, "", step); start = secs($1)
    }
    $1 ~ /^[0-9][0-9]:[0-9][0-9]:[0-9][0-9]$/ && $3 ~ /^BUILD/ { close_step($1); step = "" }' "$1"
}

# -Pinstaller also builds target/installer/linklab_<version>_amd64.deb (jpackage, bundled runtime), which
# check-deb.sh then installs, runs (CLI and GUI under Xvfb) and removes again. jpackage's dpkg-deb packs it
# with gzip -1 here instead of xz -6: the same files and scripts, 45 MB instead of 28 MB, but 1.6 CPU-seconds
# instead of ~120, which took 3-10 minutes on a busy 2-core machine. Release builds (mvn -Pinstaller package)
# keep xz.
export DPKG_DEB_COMPRESSOR_TYPE=gzip DPKG_DEB_COMPRESSOR_LEVEL=1
mvn_log=$(mktemp /tmp/linklab-mvn-log.XXXXXX)
set +e
mvn -B -Plab,installer -Dtest.forks=2 "-Dlinklab.labIds=${LABS[0]},${LABS[1]}" "-Dlinklab.iperf3.latest=$iperf3_latest" -Dorg.slf4j.simpleLogger.showDateTime=true -Dorg.slf4j.simpleLogger.dateTimeFormat=HH:mm:ss \
  verify "$@" 2>&1 | tee "$mvn_log"
mvn_rc=${PIPESTATUS[0]}
set -e
phase "mvn verify"
while IFS= read -r step; do phases+=("  $step"); done < <(mvn_steps "$mvn_log")
rm -f "$mvn_log"
((mvn_rc == 0)) || exit "$mvn_rc"
bash installer/check-deb.sh
phase "installer check"
