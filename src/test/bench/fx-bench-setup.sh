# Sourced by the FX benchmarks (not run alone): builds the test classes, copies them and the test class path
# aside, so a build running meanwhile cannot pull classes from under the benchmark, and starts an Xvfb of
# its own on display :BASE+0..8 (BASE is the first argument). Sets $cp (a file with the class path),
# $classes (main/ and test/) and $display; removes all of it and stops Xvfb on exit.
cd "$(dirname "${BASH_SOURCE[0]}")/../../.."
mvn -B -q -o test-compile 2>/dev/null || mvn -B -q test-compile
cp=$(mktemp)
classes=$(mktemp -d)
trap 'rm -rf "$cp" "$classes"; [[ -n "${xvfb:-}" ]] && kill "$xvfb" 2>/dev/null || true' EXIT
mvn -B -q -o org.apache.maven.plugins:maven-dependency-plugin:3.8.1:build-classpath -Dmdep.outputFile="$cp" -Dmdep.includeScope=test >/dev/null
cp -r target/classes "$classes/main" && cp -r target/test-classes "$classes/test"
display=:$(($1 + RANDOM % 9))
Xvfb "$display" -screen 0 1400x900x24 -nolisten tcp >/dev/null 2>&1 &
xvfb=$!
sleep 1
echo "machine: $(nproc) cores, load average: $(cut -d' ' -f1-3 /proc/loadavg)"
