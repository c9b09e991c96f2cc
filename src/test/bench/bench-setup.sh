# Sourced by the benchmarks that run a class of the test sources (not run alone): builds the test classes and
# copies them and the test class path aside, so a build running meanwhile cannot pull classes from under the
# benchmark. Sets $cp (a file with the class path) and $classes (main/ and test/); removes both on exit.
cd "$(dirname "${BASH_SOURCE[0]}")/../../.."
mvn -B -q -o test-compile 2>/dev/null || mvn -B -q test-compile
cp=$(mktemp)
classes=$(mktemp -d)
trap 'rm -rf "$cp" "$classes"; [[ -n "${xvfb:-}" ]] && kill "$xvfb" 2>/dev/null || true' EXIT
mvn -B -q -o org.apache.maven.plugins:maven-dependency-plugin:3.8.1:build-classpath -Dmdep.outputFile="$cp" -Dmdep.includeScope=test >/dev/null
cp -r target/classes "$classes/main" && cp -r target/test-classes "$classes/test"
