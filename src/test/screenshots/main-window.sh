#!/usr/bin/env bash
# Takes docs/screenshots/main-window.png: the real jar's window under Xvfb (not Monocle), as a user sees it.
# Needs: xvfb, x11-utils (xwininfo), imagemagick (import). Run from anywhere: bash src/test/screenshots/main-window.sh
set -euo pipefail
cd "$(dirname "$0")/../../.."
[[ -f target/linklab.jar ]] || mvn -B -q -DskipTests package
out=docs/screenshots/main-window.png
display=:$((90 + RANDOM % 9))
Xvfb "$display" -screen 0 1400x900x24 -nolisten tcp >/dev/null 2>&1 &
xvfb=$!
export LINKLAB_HOME=$(mktemp -d)   # a first start: no saved lab, so the Loopback lab shows
trap 'kill $app $xvfb 2>/dev/null || true; rm -rf "$LINKLAB_HOME"' EXIT
sleep 1
DISPLAY=$display java -Duser.home="$LINKLAB_HOME" -jar target/linklab.jar >/dev/null 2>&1 &
app=$!
for _ in $(seq 1 60); do
  win=$(DISPLAY=$display xwininfo -root -tree 2>/dev/null | awk '/"LinkLab( —[^"]*)?"/ {print $1; exit}')
  [[ -n "$win" ]] && break
  sleep 0.5
done
[[ -n "${win:-}" ]] || { echo "no window titled LinkLab appeared" >&2; exit 1; }
sleep 3   # let the first layout and the background checks settle
DISPLAY=$display import -window "$win" "$out"
echo "wrote $out"
