#!/usr/bin/env bash
# Regenerates every raster icon from the vector master linklab.svg, so the sizes never drift apart:
#   png/linklab-N.png  for N in SIZES  (Linux hicolor sizes, Windows and macOS sizes, the window icons)
#   linklab.ico        Windows: 16..256 in one file (256 stored as PNG)
#   linklab.icns       macOS: 16, 32, 48, 128, 256, 512
#   ../src/main/resources/io/linklab/icons/linklab-N.png  the window icons the running app loads
# The outputs are committed, so building LinkLab never needs these tools. To regenerate (Debian/Ubuntu):
#   sudo apt-get install -y librsvg2-bin imagemagick icnsutils && bash icons/generate.sh
set -euo pipefail
cd "$(dirname "$0")"

SIZES=(16 20 22 24 32 40 48 64 96 128 256 512)
ICO_SIZES=(16 20 24 32 40 48 64 256)
ICNS_SIZES=(16 32 48 128 256 512)
RUNTIME_SIZES=(16 24 32 48 64 128 256)
RUNTIME_DIR=../src/main/resources/io/linklab/icons

for tool in rsvg-convert convert png2icns; do
  command -v "$tool" >/dev/null || { echo "generate.sh: '$tool' is missing; install librsvg2-bin imagemagick icnsutils" >&2; exit 2; }
done

mkdir -p png "$RUNTIME_DIR"
rm -f png/linklab-*.png "$RUNTIME_DIR"/linklab-*.png
for s in "${SIZES[@]}"; do
  # Each size is rendered from the vector, never scaled from another raster, so small sizes stay sharp.
  rsvg-convert --width "$s" --height "$s" --keep-aspect-ratio linklab.svg --output "png/linklab-$s.png"
done

ico_inputs=()
for s in "${ICO_SIZES[@]}"; do ico_inputs+=("png/linklab-$s.png"); done
convert "${ico_inputs[@]}" -strip linklab.ico

icns_inputs=()
for s in "${ICNS_SIZES[@]}"; do icns_inputs+=("png/linklab-$s.png"); done
png2icns linklab.icns "${icns_inputs[@]}" >/dev/null

for s in "${RUNTIME_SIZES[@]}"; do cp "png/linklab-$s.png" "$RUNTIME_DIR/linklab-$s.png"; done

echo "icons: ${#SIZES[@]} PNG sizes, linklab.ico (${#ICO_SIZES[@]} sizes), linklab.icns (${#ICNS_SIZES[@]} sizes), ${#RUNTIME_SIZES[@]} window icons"
