#!/usr/bin/env python3
"""One compiled method's counted instructions by source line, inlined callees included.

irscope.py OUTDIR METHOD N [DEPTH] [TOP]: OUTDIR from an ir.sh run made with
VALGRIND_OPTS=--dump-instr=yes and the JVM options -XX:+DebugNonSafepoints
-XX:CompileCommand=print,CLASS::METHOD. With DebugNonSafepoints the printed C2 code carries, at
most of its instructions, the chain of inlined calls and bytecodes it came from ("; - A::f@12
(line 40)", innermost first); each instruction is charged to the chain printed inside its own
bytes, or else to the last one before it: an approximation, since C2 interleaves the
instructions of neighbouring lines and marks only some, so read a line's figure as that region's,
and check a surprise against irasm.py's addresses. Prints instructions per run by the innermost frame's method and line, then by
the chain cut DEPTH frames below METHOD (default 2: what METHOD called, and what that called),
each with TOP rows (default 40). Where irasm.py shows where the instructions of a method go by
address, this names the Java source they were compiled from.
"""
import collections, os, sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import c2code  # noqa: E402
import cgcosts  # noqa: E402

out, meth, n = sys.argv[1], sys.argv[2], int(sys.argv[3])
depth = int(sys.argv[4]) if len(sys.argv) > 4 else 2
top = int(sys.argv[5]) if len(sys.argv) > 5 else 40
code = c2code.Code(out, meth)
lo, hi, marks, starts = code.lo, code.hi, code.marks, code.starts
# A mark printed inside an instruction's bytes belongs to that instruction.
owner = {}
mark_list = sorted(marks)
j = 0
for idx, s in enumerate(starts):
    e = starts[idx + 1] if idx + 1 < len(starts) else hi + 1
    while j < len(mark_list) and mark_list[j] < s:
        j += 1
    if j < len(mark_list) and mark_list[j] < e:
        owner[s] = marks[mark_list[j]]
cost = collections.Counter()
for _, _, addr, c in cgcosts.self_costs(out + "/out.2"):
    if addr is not None and lo <= addr <= hi:
        cost[addr] += c
by_line = collections.Counter()
by_chain = collections.Counter()
chain = (("(entry)", "?"),)
for s in starts:
    chain = owner.get(s, chain)
    c = cost.get(s, 0)
    if not c:
        continue
    inner = chain[0]
    by_line["%s:%s" % inner] += c
    cut = chain[-1 - depth:]  # the frames up to depth below the method (all of a shorter chain)
    by_chain[" < ".join("%s:%s" % f for f in cut)] += c
total = sum(cost.values())
print("%s: %.0f instructions per run in the method" % (meth, total / n))
print("\nby innermost method and line:")
for k, c in by_line.most_common(top):
    print("%9.1f %5.1f %%  %s" % (c / n, 100.0 * c / total, k))
print("\nby the chain, at most %d frames below %s (innermost first):" % (depth, meth))
for k, c in by_chain.most_common(top):
    print("%9.1f %5.1f %%  %s" % (c / n, 100.0 * c / total, k))
