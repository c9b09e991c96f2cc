#!/usr/bin/env bash
# Runs every LinkLab test on a fresh Debian/Ubuntu machine: installs what the tests need,
# brings the namespace lab up, runs the whole suite (unit, UI headless, lab), takes the lab down.
# Usage (from the project root): sudo bash src/test/lab/run-all-tests.sh [extra mvn args]
set -euo pipefail
cd "$(dirname "$0")/../../.."

if [[ $(id -u) -ne 0 ]]; then
  exec sudo --preserve-env=JAVA_HOME,MAVEN_OPTS bash "$0" "$@"
fi

PACKAGES=(openjdk-17-jdk-headless maven iperf3 iperf netperf openssh-server openssh-client iproute2
          procps iputils-ping ethtool nftables sudo libgtk-3-0 xvfb xauth fakeroot binutils dpkg-dev x11-utils xdg-utils)

missing=()
for p in "${PACKAGES[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ((${#missing[@]})); then
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -q
  if [[ " ${missing[*]} " == *" netperf "* ]] && ! apt-cache policy netperf | grep -q 'Candidate: [0-9]'; then
    # netperf lives in Debian's non-free component (Ubuntu: multiverse); enable it for this one package.
    if [[ -f /etc/apt/sources.list.d/debian.sources ]]; then
      sed -i -E '/^Components:/{/non-free([^-]|$)/!s/$/ non-free/}' /etc/apt/sources.list.d/debian.sources
    elif grep -qi ubuntu /etc/os-release; then
      add-apt-repository -y multiverse 2>/dev/null || sed -i -E 's/^(deb .* main)( .*)?$/\1 multiverse\2/' /etc/apt/sources.list
    else
      sed -i -E 's/^(deb .* main)( .*)?$/\1 non-free\2/' /etc/apt/sources.list
    fi
    apt-get update -q
  fi
  echo "installing: ${missing[*]}"
  apt-get install -y -q --no-install-recommends "${missing[@]}"
fi

# jlink (for the installer) needs the JDK's jmods: in Debian's openjdk-17-jdk-headless, a package of their own on Ubuntu.
if ! compgen -G "/usr/lib/jvm/java-17-openjdk-*/jmods/java.base.jmod" >/dev/null; then
  DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends openjdk-17-jmods
fi

# The packaged daemons must not hold the ports the tests use in the root namespace.
pkill -x netserver 2>/dev/null || true

LAB=src/test/lab/lab.sh
bash "$LAB" down >/dev/null 2>&1 || true
bash "$LAB" up
trap 'bash "$LAB" down' EXIT

# -Pinstaller also builds target/installer/linklab_<version>_amd64.deb (jpackage, bundled runtime), which
# check-deb.sh then installs, runs (CLI and GUI under Xvfb) and removes again.
mvn -B -Plab,installer verify "$@"
bash installer/check-deb.sh
