#!/usr/bin/env bash
# Same-JVM A/B of two builds (SameJvmAB), RUNS JVMs each way round; prints NEW's speed over OLD's
# per JVM and their median. Usage: abn.sh OLD.jar NEW.jar WORK SIZE RUNS [PAIRS SLICE_MS]
# JAVA=/path/to/bin/java runs it on another JDK; JAVA_OPTS adds options (-Dbench.size=1k, say).
# e.g. abn.sh /tmp/old-benchmarks.jar brisk-bench/target/benchmarks.jar users-write 100000 3
# A WORK X/Y has OLD run X and NEW run Y (both ways round), so with one jar given twice it sets
# one library against another in each JVM:
#   JAVA_OPTS=-Dbench.size=1k abn.sh J J bench:UsersReadBenchmark.fastjson2/bench:UsersReadBenchmark.briskCodec 0 3
set -euo pipefail
java=${JAVA:-java}
old=$1; new=$2; work=$3; size=$4; runs=$5; pairs=${6:-30}; slice=${7:-200}
if [[ $work == */* ]]; then swapped="${work#*/}/${work%%/*}"; else swapped=$work; fi
for i in $(seq 1 "$runs"); do
  # shellcheck disable=SC2086
  "$java" -Xmx2g ${JAVA_OPTS:-} -cp "$new" dev.brisk.bench.SameJvmAB "$old" "$new" "$work" "$size" "$pairs" "$slice" \
    | grep "speed B/A" | sed 's/^/fwd /'
  # shellcheck disable=SC2086
  "$java" -Xmx2g ${JAVA_OPTS:-} -cp "$new" dev.brisk.bench.SameJvmAB "$new" "$old" "$swapped" "$size" "$pairs" "$slice" \
    | grep "speed B/A" | sed 's/^/rev /'
done | python3 -c '
import re, statistics, sys
v = []
for line in sys.stdin:
    r = float(re.search(r"speed B/A ([0-9.]+)", line).group(1))
    v.append(r if line.startswith("fwd") else 1 / r)
print(sys.argv[1], "new/old per JVM:", " ".join("%.3f" % x for x in v), " median %.3f" % statistics.median(v))
' "$work $size"
