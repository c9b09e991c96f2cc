# Sourced by the FX benchmarks (not run alone): bench-setup.sh, and an Xvfb of its own on display :BASE+0..8
# (BASE is the first argument). Sets $cp (a file with the class path), $classes (main/ and test/) and
# $display; removes all of it and stops Xvfb on exit.
source "$(dirname "${BASH_SOURCE[0]}")/bench-setup.sh"
display=:$(($1 + RANDOM % 9))
Xvfb "$display" -screen 0 1400x900x24 -nolisten tcp >/dev/null 2>&1 &
xvfb=$!
sleep 1
echo "machine: $(nproc) cores, load average: $(cut -d' ' -f1-3 /proc/loadavg)"
