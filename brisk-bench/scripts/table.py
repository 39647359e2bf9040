#!/usr/bin/env python3
"""Turns a JMH JSON result file (-rf json) into a Markdown table: score +- error per library,
with the ratio of Brisk to Jackson and to the fastest peer in the same benchmark and size.

    python3 brisk-bench/scripts/table.py results.json
"""
import json
import sys
from collections import defaultdict

rows = json.load(open(sys.argv[1]))
groups = defaultdict(dict)  # (class, size) -> lib -> (score, error, unit)
for r in rows:
    cls, lib = r["benchmark"].split(".")[-2:]
    size = r.get("params", {}).get("size", "")
    m = r["primaryMetric"]
    groups[(cls, size)][lib] = (m["score"], m["scoreError"], m["scoreUnit"])

print("| benchmark | size | library | score | ± error | unit |")
print("|---|---|---|---:|---:|---|")
for (cls, size), libs in sorted(groups.items()):
    for lib, (s, e, u) in sorted(libs.items(), key=lambda kv: -kv[1][0]):
        print(f"| {cls} | {size} | {lib} | {s:,.0f} | {e:,.0f} | {u} |")
print()
print("| benchmark | size | Brisk / Jackson | Brisk / fastest peer (which) |")
print("|---|---|---:|---:|")
for (cls, size), libs in sorted(groups.items()):
    if "brisk" not in libs:
        continue
    b = libs["brisk"][0]
    j = libs.get("jackson", (float("nan"),))[0]
    peers = {k: v[0] for k, v in libs.items() if k != "brisk"}
    best = max(peers, key=peers.get)
    print(f"| {cls} | {size} | {b / j:.2f} | {b / peers[best]:.2f} ({best}) |")
