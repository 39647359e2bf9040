#!/usr/bin/env python3
"""Turns a JMH JSON result file (-rf json) into Markdown tables: score +- error per library,
and, for each Brisk variant (every benchmark method whose name starts with "brisk"), its ratio to
Jackson and to the fastest peer in the same benchmark and size. Peers named with --inexact (they
misread or miswrite the document, as the benchmarks' setup reports) are left out of "fastest exact
peer"; Esper is compared separately, as its own row.

    python3 brisk-bench/scripts/table.py results.json [--inexact dslJson,avajeJsonb]
"""
import json
import sys
from collections import defaultdict

args = sys.argv[1:]
inexact = set()
if "--inexact" in args:
    i = args.index("--inexact")
    inexact = set(args[i + 1].split(","))
    del args[i:i + 2]

rows = json.load(open(args[0]))
groups = defaultdict(dict)  # (class, size) -> lib -> (score, error, unit)
for r in rows:
    cls, lib = r["benchmark"].split(".")[-2:]
    params = r.get("params", {})
    size = params.get("size") or ",".join(f"{k}={v}" for k, v in sorted(params.items()))
    m = r["primaryMetric"]
    groups[(cls, size)][lib] = (m["score"], m["scoreError"], m["scoreUnit"])

print("| benchmark | size | library | score | ± error | unit |")
print("|---|---|---|---:|---:|---|")
def order(key):
    cls, size = key
    return (cls, int(size.split("=")[1]) if size.startswith("messages=") else size)


for (cls, size), libs in sorted(groups.items(), key=lambda kv: order(kv[0])):
    for lib, (s, e, u) in sorted(libs.items(), key=lambda kv: -kv[1][0]):
        mark = " (inexact)" if lib in inexact else ""
        print(f"| {cls} | {size} | {lib}{mark} | {s:,.0f} | {e:,.0f} | {u} |")
print()
print("| benchmark | size | Brisk variant | / Jackson | / fastest exact peer (which) | / Esper | / org.json |")
print("|---|---|---|---:|---:|---:|---:|")
for (cls, size), libs in sorted(groups.items(), key=lambda kv: order(kv[0])):
    for brisk in sorted(k for k in libs if k.startswith("brisk")):
        b = libs[brisk][0]
        j = libs.get("jackson", (float("nan"),))[0]
        if len(libs) == 1:
            continue
        peers = {k: v[0] for k, v in libs.items()
                 if not k.startswith("brisk") and k not in inexact and k != "esper"}
        best = max(peers, key=peers.get)
        esper = f"{b / libs['esper'][0]:.2f}" if "esper" in libs else ""
        orgjson = f"{b / libs['orgJson'][0]:.2f}" if "orgJson" in libs else ""
        print(f"| {cls} | {size} | {brisk} | {b / j:.2f} | {b / peers[best]:.2f} ({best}) | {esper} | {orgjson} |")
