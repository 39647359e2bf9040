"""The C2 code of one method as -XX:CompileCommand=print printed it in ir.sh's log, for irasm.py
and irscope.py: its bytes (printed as hex, so no hsdis is needed), objdump's disassembly of them,
and, where the JVM printed them (-XX:+DebugNonSafepoints prints them at most instructions), the
chains of inlined calls the code came from."""
import re, subprocess, sys, tempfile


class Code:
    """code: address -> byte; marks: address -> ((method, line), ...), innermost first;
    lo, hi: the first and last address; dis: objdump's text; starts: each instruction's address."""

    def __init__(self, out, meth):
        lines = open(out + "/log", errors="replace").read().split("\n")
        start = None
        for i, line in enumerate(lines):
            if line.startswith("Compiled method (c2)") and meth in line:
                start = i  # the last C2 compilation printed
        if start is None:
            sys.exit("no C2 code of %s in %s/log" % (meth, out))
        self.code, self.marks = {}, {}
        pending = None
        for line in lines[start + 1:]:
            if line.startswith(("Compiled method", "[Stub Code]", "[Exception Handler]")):
                break
            m = re.match(r"\s+0x([0-9a-f]+): ;(.*)$", line)
            if m:
                pending = (int(m.group(1), 16), [])
                continue
            m = re.match(r"\s+; - (\S+)@(-?\d+)(?: \(line (\d+)\))?", line)
            if m and pending is not None:
                pending[1].append((m.group(1), m.group(3) or "?"))
                continue
            m = re.match(r"\s+0x([0-9a-f]+): ((?:[0-9a-f]{2,8}\s*\|?\s*)+)$", line)
            if m:
                if pending is not None and pending[1]:
                    self.marks[pending[0]] = tuple(pending[1])
                pending = None
                a = int(m.group(1), 16)
                hexed = re.sub(r"[\s|]", "", m.group(2))
                for k in range(0, len(hexed), 2):
                    self.code[a + k // 2] = int(hexed[k:k + 2], 16)
        if not self.code:
            sys.exit("no code bytes for %s in %s/log" % (meth, out))
        self.lo, self.hi = min(self.code), max(self.code)
        with tempfile.NamedTemporaryFile(suffix=".bin") as f:
            f.write(bytes(self.code.get(a, 0x90) for a in range(self.lo, self.hi + 1)))
            f.flush()
            self.dis = subprocess.run(
                ["objdump", "-D", "-b", "binary", "-m", "i386:x86-64", "--adjust-vma=%#x" % self.lo, f.name],
                capture_output=True, text=True, check=True).stdout
        self.text = {}
        for m in re.finditer(r"(?m)^\s+([0-9a-f]+):\t[0-9a-f ]+\t(.*)$", self.dis):
            self.text[int(m.group(1), 16)] = m.group(2)
        self.starts = sorted(self.text)
