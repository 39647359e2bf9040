#!/usr/bin/env python3
"""One compiled method's machine code with the instructions counted at each address, per run.

irasm.py OUTDIR METHOD N [MIN]: OUTDIR from an ir.sh run made with VALGRIND_OPTS=--dump-instr=yes
and the JVM option -XX:CompileCommand=print,CLASS::METHOD (for example
dev.brisk.json.JsonWriter::writeString), which prints the C2 code as bytes (no hsdis needed);
objdump disassembles them. METHOD is matched against the printed header ("JsonWriter::writeString").
Lines with at least MIN instructions per run (default 0: every executed one) are shown; a block run
once per call shows the number of calls, a loop more: where spills, checks and set-up go.
"""
import collections, os, sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import c2code  # noqa: E402
import cgcosts  # noqa: E402

out, meth, n = sys.argv[1], sys.argv[2], int(sys.argv[3])
least = float(sys.argv[4]) if len(sys.argv) > 4 else 0.0
code = c2code.Code(out, meth)
lo, hi = code.lo, code.hi
cost = collections.Counter()
for _, _, addr, c in cgcosts.self_costs(out + "/out.2"):
    if addr is not None and lo <= addr <= hi:
        cost[addr] += c
print("%s: %.0f instructions per run in the method" % (meth, sum(cost.values()) / n))
for a in code.starts:
    k = cost.get(a, 0) / n
    if k > 0 and k >= least:
        print("%8.1f  %x  %s" % (k, a, code.text[a]))
