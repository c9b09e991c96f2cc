#!/usr/bin/env bash
# Takes docs/screenshots/editor*.png and wizard-*.png: the real main window and test wizard on a sample
# 100 GbE lab, rendered by JavaFX's GTK toolkit under Xvfb (not Monocle).
# Needs: xvfb (xvfb-run). Run from anywhere: bash src/test/screenshots/editor-and-wizard.sh
set -euo pipefail
cd "$(dirname "$0")/../../.."
mvn -B -q test-compile
cp=target/screenshot-classpath.txt
mvn -B -q dependency:build-classpath -Dmdep.outputFile="$cp" -Dmdep.includeScope=test >/dev/null
home=$(mktemp -d)   # fresh settings: no remembered lab, geometry or theme
trap 'rm -rf "$home"' EXIT
xvfb-run -a -s "-screen 0 1400x900x24" \
  java -Duser.home="$home" -Dprism.order=sw -Djava.awt.headless=true \
  -cp "target/test-classes:target/classes:$(cat "$cp")" io.linklab.ui.screenshots.ScreenshotTour docs/screenshots
