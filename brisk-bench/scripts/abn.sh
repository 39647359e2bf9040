#!/usr/bin/env bash
# Same-JVM A/B of two builds (SameJvmAB), RUNS JVMs each way round; prints NEW's speed over OLD's
# per JVM and their median. Usage: abn.sh OLD.jar NEW.jar WORK SIZE RUNS [PAIRS SLICE_MS]
# JAVA=/path/to/bin/java runs it on another JDK.
# e.g. abn.sh /tmp/old-benchmarks.jar brisk-bench/target/benchmarks.jar users-write 100000 3
set -euo pipefail
java=${JAVA:-java}
old=$1; new=$2; work=$3; size=$4; runs=$5; pairs=${6:-30}; slice=${7:-200}
for i in $(seq 1 "$runs"); do
  "$java" -Xmx2g -cp "$new" dev.brisk.bench.SameJvmAB "$old" "$new" "$work" "$size" "$pairs" "$slice" | sed 's/^/fwd /'
  "$java" -Xmx2g -cp "$new" dev.brisk.bench.SameJvmAB "$new" "$old" "$work" "$size" "$pairs" "$slice" | sed 's/^/rev /'
done | python3 -c '
import re, statistics, sys
v = []
for line in sys.stdin:
    r = float(re.search(r"speed B/A ([0-9.]+)", line).group(1))
    v.append(r if line.startswith("fwd") else 1 / r)
print(sys.argv[1], "new/old per JVM:", " ".join("%.3f" % x for x in v), " median %.3f" % statistics.median(v))
' "$work $size"
