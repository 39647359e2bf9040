#!/usr/bin/env bash
# Instructions per operation of one work, counted by valgrind's callgrind (InstructionCount):
# repeatable to about 0.01 % whatever else the host runs, so small changes and peers can be
# compared on a noisy machine; not a time, so check a difference by timing it (abn.sh, JMH).
# Usage: ir.sh JAR WORK SIZE WARM N OUTDIR [JVM options...]
#   WORK as for SameJvmAB (users-write, bench:UsersWriteBenchmark.fastjson2 with
#   JAVA_OPTS=-Dbench.size=1k, ...); WARM runs to compile it, then N counted. Under callgrind a
#   run is about 50 times slower: a 1 KB users write, 20000 + 20000 runs, takes about 2.5 minutes.
# Prints the counted stretch's instructions and their number per operation; OUTDIR keeps
# callgrind's files (out.2 is the counted stretch), the JIT's code list and the JVM's output, for
# irmap.py (which compiled method the instructions ran in).
# The JVM options the count needs under valgrind: -XX:-ImplicitNullChecks (a null check by
# SIGSEGV crashes the JVM there), -Xbatch (a method is compiled while the thread that wants it
# waits, so the JIT's work lands in the warm-up, where the work first runs, not scattered over
# the count), and the serial collector (no collector threads of its own).
set -euo pipefail
jar=$1; work=$2; size=$3; warm=$4; n=$5; out=$6; shift 6
mkdir -p "$out"
rm -f "$out/out" "$out"/out.* "$out/codelist.txt" "$out/log" # this script's own files only
# shellcheck disable=SC2086
valgrind --tool=callgrind --vex-iropt-register-updates=allregs-at-mem-access \
  --dump-before=JVM_Sleep --callgrind-out-file="$out/out" ${VALGRIND_OPTS:-} \
  "${JAVA:-java}" -Xbatch -XX:+UseSerialGC -XX:+UnlockDiagnosticVMOptions -XX:-ImplicitNullChecks \
  -Dcodelist="$out/codelist.txt" ${JAVA_OPTS:-} "$@" \
  -cp "$jar" dev.brisk.bench.InstructionCount "$jar" "$work" "$size" "$warm" "$n" > "$out/log" 2>&1 \
  || { echo "ir.sh: the JVM failed under valgrind; see $out/log" >&2; exit 1; }
[ -f "$out/out.2" ] || { echo "ir.sh: no counted stretch; see $out/log" >&2; exit 1; }
ir=$(sed -n 's/^summary: //p' "$out/out.2")
echo "$work $size ${JAVA_OPTS:-} $*: $ir instructions in $n runs, $((ir / n)) per run ($out)"
