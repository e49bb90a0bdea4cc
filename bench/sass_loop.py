"""The main loop of a kernel, read from its SASS: instruction mix and the FFMAs' register reads.

    cuobjdump -sass -fun <mangled kernel name> build/.../simt.o > k.sass
    python bench/sass_loop.py k.sass

cuobjdump and nvdisasm come with the CUDA toolkit, or from PyPI without one
(`pip download nvidia-cuda-cuobjdump nvidia-cuda-nvdisasm`, unpack, put `nvidia/cu13/bin` on
PATH); cuBLAS's kernels are in the libcublasLt.so of the nvidia-cublas wheel torch installs.

The loop is the backward branch whose body holds the most FFMAs. For each FFMA the script
counts the source registers read from the register file: those not served by the operand
reuse cache (a `.reuse` flag on the same operand slot of the instruction before). The
register file is taken as two banks (register number mod 2), each serving two reads per
cycle, so an FFMA stalls a cycle when its three fresh reads fall in one bank: the model
cuBLAS's hand-allocated FFMA loop is consistent with (none of its three-read FFMAs has all
three in one bank, bench/NOTES.md session 25).
"""
import argparse
import collections
import re

INSTRUCTION = re.compile(r"/\*([0-9a-f]{4,})\*/\s+(.*?)\s*;\s*/\* (0x[0-9a-f]{16}) \*/")
CONTROL_WORD = re.compile(r"^\s*/\* (0x[0-9a-f]{16}) \*/\s*$")
PREDICATE = re.compile(r"^@!?U?P\w+\s+")


def parse(path):
    """[(address, text, reuse flags)] of the first function in a cuobjdump -sass listing."""
    lines = open(path).read().split("\n")
    instructions = []
    for i, line in enumerate(lines[:-1]):
        m = INSTRUCTION.search(line)
        control = CONTROL_WORD.match(lines[i + 1]) if m else None
        if control:
            # sm_70+: the second 64-bit word carries the scheduling controls in bits 41..63;
            # the four operand-reuse flags are bits 58..61.
            reuse = (int(control.group(1), 16) >> 58) & 0xF
            instructions.append((int(m.group(1), 16), PREDICATE.sub("", m.group(2).strip()), reuse))
    return instructions


def opcode(text):
    return text.split()[0]


def operands(text):
    parts = text.split(None, 1)
    return [o.strip() for o in parts[1].split(",")] if len(parts) > 1 else []


def main_loop(instructions):
    """The instructions of the backward branch whose body has the most FFMAs."""
    best = []
    for address, text, _ in instructions:
        if opcode(text) == "BRA":
            target = int(re.search(r"0x([0-9a-f]+)", text.split("BRA", 1)[1]).group(1), 16)
            if target < address:
                body = [x for x in instructions if target <= x[0] <= address]
                if sum(opcode(t) == "FFMA" for _, t, _ in body) > sum(opcode(t) == "FFMA" for _, t, _ in best):
                    best = body
    return best


def ffma_reads(body):
    """FFMA count, accumulators updated in place, fresh reads per FFMA, three-read bank conflicts."""
    fresh_counts = collections.Counter()
    in_place = conflicts = total = 0
    cached = [None, None, None]  # register held by each operand slot's reuse cache
    for _, text, reuse in body:
        if opcode(text) != "FFMA":
            continue  # an LDS between two FFMAs leaves the cache alone (cuBLAS's loop relies on it)
        dest, *sources = operands(text)[:4]
        names = [s.replace(".reuse", "") for s in sources]
        fresh = [int(n[1:]) for slot, n in enumerate(names)
                 if re.fullmatch(r"R\d+", n) and cached[slot] != n]
        fresh_counts[len(fresh)] += 1
        in_place += dest == names[2]
        conflicts += len(fresh) == 3 and len({r % 2 for r in fresh}) == 1
        cached = [n if reuse >> slot & 1 else None for slot, n in enumerate(names)]
        total += 1
    return total, in_place, fresh_counts, conflicts


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("sass", help="cuobjdump -sass output of one kernel")
    args = parser.parse_args()
    body = main_loop(parse(args.sass))
    if not body:
        raise SystemExit("no loop with FFMAs found")
    mix = collections.Counter(opcode(t) for _, t, _ in body)
    print(f"main loop {body[0][0]:#x}..{body[-1][0]:#x}: {len(body)} instructions (all paths)")
    print("  " + ", ".join(f"{name} {count}" for name, count in mix.most_common(12)))
    total, in_place, fresh, conflicts = ffma_reads(body)
    print(f"FFMA {total}: accumulator updated in place {in_place}; register-file reads per FFMA "
          f"{dict(sorted(fresh.items()))}; three reads in one bank {conflicts}")


if __name__ == "__main__":
    main()
