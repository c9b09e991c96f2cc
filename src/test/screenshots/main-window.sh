#!/usr/bin/env bash
# Takes docs/screenshots/main-window.png: the real jar's window under Xvfb (not Monocle), as a user sees it on a
# first start (85 % of the screen: the screen is sized so that this is 1280x800), and main-window-200.png, the
# same at 200 % UI scale (2560x1600 pixels).
# Needs: xvfb, x11-utils (xwininfo), imagemagick (import). Run from anywhere: bash src/test/screenshots/main-window.sh
set -euo pipefail
cd "$(dirname "$0")/../../.."
[[ -f target/linklab.jar ]] || mvn -B -q -DskipTests package
shoot() {  # shoot OUT SCALE: a first start of the jar on a fresh screen, at SCALE x UI scale
  local out=$1 scale=$2 display=:$((90 + RANDOM % 9)) win="" app xvfb
  Xvfb "$display" -screen 0 "$((1506 * scale))x$((941 * scale))x24" -nolisten tcp >/dev/null 2>&1 &
  xvfb=$!
  home=$(mktemp -d)   # a first start: no saved lab or window size, so the Loopback lab shows
  sleep 1
  DISPLAY=$display GDK_SCALE=$scale java -Dglass.gtk.uiScale="$scale" -Duser.home="$home" -jar target/linklab.jar \
    >/dev/null 2>&1 &
  app=$!
  for _ in $(seq 1 60); do
    win=$(DISPLAY=$display xwininfo -root -tree 2>/dev/null | awk '/"LinkLab( —[^"]*)?"/ {print $1; exit}')
    [[ -n "$win" ]] && break
    sleep 0.5
  done
  if [[ -z "$win" ]]; then
    echo "no window titled LinkLab appeared" >&2
    kill $app $xvfb 2>/dev/null || true
    return 1
  fi
  sleep 4   # let the first layout and the background checks settle
  DISPLAY=$display import -window "$win" "$out"
  echo "wrote $out"
  kill $app 2>/dev/null || true
  wait $app 2>/dev/null || true
  kill $xvfb 2>/dev/null || true
  rm -rf "$home"
}
shoot docs/screenshots/main-window.png 1
shoot docs/screenshots/main-window-200.png 2
