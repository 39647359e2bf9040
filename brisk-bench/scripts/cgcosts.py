"""Reads a callgrind output file of ir.sh (one event, Ir; positions "instr line", or "line"):
the instructions counted at each place, for irmap.py and irasm.py."""
import re


def self_costs(path):
    """Yields (object, function, address, instructions) for each cost line of a function's own
    instructions; a call's inclusive cost (the line after "calls=") is left out. The address is
    the instruction's where the file has one ("--dump-instr=yes"), else None."""
    names = {"fn": {}, "ob": {}}
    fn = ob = None
    addr = 0
    after_call = False
    with open(path, errors="replace") as f:
        for line in f:
            m = re.match(r"(c?)(fn|ob)=\((\d+)\)(?: (.*))?", line)
            if m:
                if m.group(4):
                    names[m.group(2)][m.group(3)] = m.group(4).strip()
                if not m.group(1):
                    if m.group(2) == "fn":
                        fn = names["fn"].get(m.group(3))
                    else:
                        ob = names["ob"].get(m.group(3))
                continue
            if line.startswith("calls="):
                after_call = True
                continue
            if not (line[:1].isdigit() or line[:1] in "+-*"):
                continue
            parts = line.split()
            t = parts[0]
            if t.startswith("0x"):
                addr = int(t, 16)
            elif t[0] in "+-":
                d = int(t[1:], 16) if t[1:].startswith("0x") else int(t[1:])
                addr += d if t[0] == "+" else -d
            if after_call:
                after_call = False
                continue
            if len(parts) >= 2:
                yield ob, fn, (addr if len(parts) >= 3 else None), int(parts[-1])
