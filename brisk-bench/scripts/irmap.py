#!/usr/bin/env python3
"""Instructions per operation by compiled method, from ir.sh's OUTDIR: irmap.py OUTDIR N [TOP].

callgrind names JIT-compiled code only by address; the code list InstructionCount wrote names
each compiled method's range. Counts a method's own instructions (with what the JIT inlined
into it), not its callees'. Addresses outside every method are stubs (array copies and the like).
"""
import bisect, collections, os, re, sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import cgcosts  # noqa: E402

out, n = sys.argv[1], int(sys.argv[2])
top = int(sys.argv[3]) if len(sys.argv) > 3 else 25
ranges = []
for line in open(out + "/codelist.txt"):
    m = re.match(r"\d+ (\d+) \d+ (\S+) \[(0x[0-9a-f]+), 0x[0-9a-f]+ - (0x[0-9a-f]+)\]", line)
    if m:
        ranges.append((int(m.group(3), 16), int(m.group(4), 16), "%s (tier %s)" % (m.group(2), m.group(1))))
ranges.sort()
starts = [r[0] for r in ranges]

def method(addr):
    i = bisect.bisect_right(starts, addr) - 1
    return ranges[i][2] if i >= 0 and ranges[i][0] <= addr < ranges[i][1] else None

cost = collections.Counter()
for ob, fn, _, c in cgcosts.self_costs(out + "/out.2"):
    cost[(ob, fn)] += c
total = sum(cost.values())
by = collections.Counter()
for (o, f), c in cost.items():
    a = re.match(r"0x([0-9a-f]+)", f or "")
    if o == "???" and a:
        by[method(int(a.group(1), 16)) or "stub at " + f] += c
    else:
        by[(o or "?").split("/")[-1] + ": " + (f or "?")] += c
print("%d instructions, %d per run" % (total, total // n))
for name, c in by.most_common(top):
    print("%6.2f %% %9d per run  %s" % (100.0 * c / total, c // n, name[:150]))
