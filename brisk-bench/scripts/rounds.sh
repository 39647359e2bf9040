#!/usr/bin/env bash
# JMH in paired rounds, for ratios between libraries on a noisy machine. Each round runs every
# benchmark method once, in a JMH run of its own with one fork, the order turned by one place each
# round; so a slow minute of the machine falls on one round of each, not on all the forks of one
# library, as it does when one JMH run takes the libraries one after another. rounds.py then
# gives, per parameter set, each library's scores and the per-round ratios of the first method to
# the others, with their median and a bootstrap 95 % interval of that median.
#
# Usage: rounds.sh JAR ROUNDS CLASS METHOD,METHOD,... OUTDIR [more JMH options]
# e.g. rounds.sh brisk-bench/target/benchmarks.jar 12 UsersReadBenchmark briskCodec,fastjson2,wast \
#        /tmp/rounds -p size=1k,100k
# The first METHOD is the one compared with the others. Each JMH run: -f 1 -wi 4 -w 1 -i 6 -r 1 and
# the extra options (parameters, -jvmArgsAppend...; not these five again).
# JAVA=/path/to/bin/java for another JDK.
set -euo pipefail
java=${JAVA:-java}
jar=$1; rounds=$2; cls=$3; methods=$4; out=$5
shift 5
IFS=, read -r -a ms <<< "$methods"
mkdir -p "$out"
n=${#ms[@]}
for r in $(seq 1 "$rounds"); do
  for k in $(seq 0 $((n - 1))); do
    m=${ms[$(( (k + r - 1) % n ))]}
    "$java" -jar "$jar" "$cls.$m\$" -f 1 -wi 4 -w 1 -i 6 -r 1 "$@" \
      -rf json -rff "$out/round-$r-$m.json" > "$out/round-$r-$m.log" 2>&1
  done
  echo "round $r of $rounds done $(date -u +%H:%M:%S)"
done
python3 "$(dirname "$0")/rounds.py" "$out" "${ms[@]}"
