#!/usr/bin/env python3
"""One compiled method's machine code with the instructions counted at each address, per run.

irasm.py OUTDIR METHOD N [MIN]: OUTDIR from an ir.sh run made with VALGRIND_OPTS=--dump-instr=yes
and the JVM option -XX:CompileCommand=print,CLASS::METHOD (for example
dev.brisk.json.JsonWriter::writeString), which prints the C2 code as bytes (no hsdis needed);
objdump disassembles them. METHOD is matched against the printed header ("JsonWriter::writeString").
Lines with at least MIN instructions per run (default 0: every executed one) are shown; a block run
once per call shows the number of calls, a loop more: where spills, checks and set-up go.
"""
import collections, os, re, subprocess, sys, tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import cgcosts  # noqa: E402

out, meth, n = sys.argv[1], sys.argv[2], int(sys.argv[3])
least = float(sys.argv[4]) if len(sys.argv) > 4 else 0.0
lines = open(out + "/log", errors="replace").read().split("\n")
start = None
for i, line in enumerate(lines):
    if line.startswith("Compiled method (c2)") and meth in line:
        start = i  # the last C2 compilation printed
if start is None:
    sys.exit("no C2 code of %s in %s/log" % (meth, out))
code = {}
for line in lines[start + 1:]:
    if line.startswith(("Compiled method", "[Stub Code]", "[Exception Handler]")):
        break
    m = re.match(r"\s+0x([0-9a-f]+): ((?:[0-9a-f]{2,8}\s*\|?\s*)+)$", line)
    if m:
        a = int(m.group(1), 16)
        hexed = re.sub(r"[\s|]", "", m.group(2))
        for k in range(0, len(hexed), 2):
            code[a + k // 2] = int(hexed[k:k + 2], 16)
lo, hi = min(code), max(code)
with tempfile.NamedTemporaryFile(suffix=".bin") as f:
    f.write(bytes(code.get(a, 0x90) for a in range(lo, hi + 1)))
    f.flush()
    dis = subprocess.run(["objdump", "-D", "-b", "binary", "-m", "i386:x86-64", "--adjust-vma=%#x" % lo, f.name],
                         capture_output=True, text=True, check=True).stdout
cost = collections.Counter()
for _, _, addr, c in cgcosts.self_costs(out + "/out.2"):
    if addr is not None and lo <= addr <= hi:
        cost[addr] += c
print("%s: %.0f instructions per run in the method" % (meth, sum(cost.values()) / n))
for line in dis.split("\n"):
    m = re.match(r"\s+([0-9a-f]+):\t[0-9a-f ]+\t(.*)", line)
    if m:
        c = cost.get(int(m.group(1), 16), 0) / n
        if c > 0 and c >= least:
            print("%8.1f  %s  %s" % (c, m.group(1), m.group(2)))
