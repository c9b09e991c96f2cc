#!/usr/bin/env bash
# Builds the vendored iperf3 3.21 (src/test/lab/vendor) once per machine into a folder of the test lab's own,
# outside the system paths, so lab tests can run 3.21 beside the distribution's iperf3 (Debian 12: 3.12).
# Idempotent: a finished build (its binary answers "iperf 3.21") is left alone. Prints the binary's path.
# Run as root (the folder is root's alone: lab tests run what is in it as root on every lab host).
#   bash src/test/lab/iperf3-build.sh          # build if needed, print /opt/linklab-test/iperf-3.21/bin/iperf3
set -euo pipefail
self=$(readlink -f "$0")
here=$(dirname "$self")
VERSION=3.21
SHA256=16d415ead246b6bc3a7fc6a6a6c17a4175f0888286bc81e3353580715c4155b9
TARBALL="$here/vendor/iperf-$VERSION.tar.gz"
PREFIX=${LINKLAB_IPERF3_PREFIX:-/opt/linklab-test/iperf-$VERSION}
BIN="$PREFIX/bin/iperf3"

[[ $(id -u) -eq 0 ]] || { echo "iperf3-build: run as root (the build goes to $PREFIX, root's alone)" >&2; exit 2; }

# A build is trusted only while its binary says it is this version.
if [[ -x "$BIN" ]] && "$BIN" --version 2>/dev/null | head -1 | grep -q "^iperf $VERSION\b"; then
  echo "$BIN"
  exit 0
fi

[[ -f "$TARBALL" ]] || { echo "iperf3-build: $TARBALL is missing (a clone of the repository has it)" >&2; exit 2; }
sum=$(sha256sum "$TARBALL" | cut -d' ' -f1)
[[ "$sum" == "$SHA256" ]] ||
  { echo "iperf3-build: $TARBALL has sha256 $sum, expected $SHA256: not building it" >&2; exit 2; }
for t in gcc make; do
  command -v "$t" >/dev/null || { echo "iperf3-build: needs $t (apt-get install -y gcc make)" >&2; exit 2; }
done

work=$(mktemp -d /tmp/linklab-iperf3-build.XXXXXX)
trap 'rm -rf "$work"' EXIT
tar -xzf "$TARBALL" -C "$work"
cd "$work/iperf-$VERSION"
# Without OpenSSL (no --rsa auth needed) and statically linked against its own libiperf, so the binary
# needs nothing beyond libc and no ldconfig change: nothing outside $PREFIX is touched.
./configure -q --prefix="$PREFIX" --without-openssl --disable-shared >/dev/null
make -s -j"$(nproc)" >/dev/null
install -d -m 0755 "$PREFIX" "$PREFIX/bin"
install -m 0755 src/iperf3 "$BIN"
chmod go-w "$PREFIX" "$(dirname "$PREFIX")" 2>/dev/null || true
"$BIN" --version | head -1 | grep -q "^iperf $VERSION\b" ||
  { echo "iperf3-build: built $BIN but it does not say iperf $VERSION" >&2; exit 1; }
echo "$BIN"
