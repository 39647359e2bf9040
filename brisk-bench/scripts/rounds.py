#!/usr/bin/env python3
"""Summarises the JMH files rounds.sh wrote (OUTDIR/round-R-METHOD.json): per parameter set, each
method's mean score over the rounds (with min and max) and the median of its runs' own JMH errors
(99.9 %, as a share of each run's score), and the first method's speed over each
other method per round, their median and a bootstrap 95 % interval of that median (resampling the
rounds, 10 000 times, fixed seed).

    python3 brisk-bench/scripts/rounds.py OUTDIR FIRST OTHER...
"""
import glob
import json
import os
import random
import re
import statistics
import sys
from collections import defaultdict

out, methods = sys.argv[1], sys.argv[2:]
# (params) -> method -> round -> score, and the same for the run's error over its score
scores = defaultdict(lambda: defaultdict(dict))
errors = defaultdict(lambda: defaultdict(dict))
for path in glob.glob(os.path.join(out, "round-*.json")):
    m = re.match(r"round-(\d+)-(.+)\.json$", os.path.basename(path))
    rnd = int(m.group(1))
    try:
        rows = json.load(open(path))
    except json.JSONDecodeError:  # a run still going, or one that failed: see its .log
        print(f"(skipped {path}: not a finished JMH result)", file=sys.stderr)
        continue
    for row in rows:
        method = row["benchmark"].split(".")[-1]
        params = ",".join(f"{k}={v}" for k, v in sorted(row.get("params", {}).items()))
        metric = row["primaryMetric"]
        scores[params][method][rnd] = metric["score"]
        error = metric.get("scoreError")
        if isinstance(error, (int, float)) and error == error and metric["score"] > 0:
            errors[params][method][rnd] = error / metric["score"]  # NaN (one iteration) left out


def interval(ratios):
    rng = random.Random(1)
    meds = sorted(
        statistics.median(rng.choice(ratios) for _ in ratios) for _ in range(10_000))
    return meds[249], meds[9_749]


first = methods[0]
for params in sorted(scores):
    by = scores[params]
    print(f"\n### {params or 'no parameters'}\n")
    print("| method | rounds | mean ops/s | min | max | median run error |")
    print("|---|---:|---:|---:|---:|---:|")
    for m in methods:
        v = list(by[m].values())
        if v:
            e = list(errors[params][m].values())
            err = f"{100 * statistics.median(e):.1f} %" if e else "n/a"
            print(f"| {m} | {len(v)} | {statistics.mean(v):,.1f} | {min(v):,.1f} | {max(v):,.1f} "
                  f"| {err} |")
    print()
    print(f"| {first} / other | per round | median | 95 % interval of the median |")
    print("|---|---|---:|---|")
    for other in methods[1:]:
        common = sorted(set(by[first]) & set(by[other]))
        ratios = [by[first][r] / by[other][r] for r in common]
        if not ratios:
            continue
        lo, hi = interval(ratios)
        per = " ".join(f"{x:.2f}" for x in ratios)
        print(f"| {other} | {per} | {statistics.median(ratios):.3f} | {lo:.3f}-{hi:.3f} |")
