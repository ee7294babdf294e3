#!/usr/bin/env python3
"""Compares two or more sitegen binaries on the same catalogue, alternating them (#14).

usage: python3 Benchmarks/compare.py OLD NEW [MORE …] [--size 10000] [--rounds 8] [--content DIR]
                                     [--work /dev/shm/sitegen-compare] [--templates DIR]

Each round builds with every binary once, in turn, each into an empty output folder, so all of
them meet the same machine state: on a machine whose speed moves by a quarter within minutes (see
docs/performance.md) a change of a few percent shows only so. Printed per binary: the median wall
time, CPU time (user + system) and peak memory (max RSS), and for every binary after the first the
median of its per-round ratios to the first (paired: each round's machine state cancels out).
Before timing, the binaries' outputs are compared file by file: a speed change must not change
the site. Without --content, Benchmarks/generate.py writes a --size catalogue into --work.
"""
import argparse
import filecmp
import os
import pathlib
import shutil
import statistics
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent


def build(binary, content, output, templates):
    shutil.rmtree(output, ignore_errors=True)
    command = ["/usr/bin/time", "-f", "%e %U %S %M", binary, "build", "--content", str(content), "--output", str(output)]
    if templates:
        command += ["--templates", str(templates)]
    done = subprocess.run(command, capture_output=True, text=True)
    if done.returncode != 0:
        sys.exit(f"{binary} failed:\n{done.stderr}")
    wall, user, system, peak = done.stderr.strip().splitlines()[-1].split()
    return float(wall), float(user) + float(system), int(peak) / 1024


def differences(a, b):
    """Paths that differ between two output folders (missing on one side, or other bytes)."""
    found = []
    compared = filecmp.dircmp(a, b)
    found += [str(pathlib.Path(a) / name) for name in compared.left_only + compared.right_only + compared.funny_files]
    _, mismatch, errors = filecmp.cmpfiles(a, b, compared.common_files, shallow=False)
    found += [str(pathlib.Path(a) / name) for name in mismatch + errors]
    for name in compared.common_dirs:
        found += differences(pathlib.Path(a) / name, pathlib.Path(b) / name)
    return found


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("binaries", nargs="+", help="sitegen executables; the first is the baseline")
    parser.add_argument("--size", type=int, default=10000)
    parser.add_argument("--rounds", type=int, default=8)
    parser.add_argument("--content", type=pathlib.Path, help="a catalogue to build (default: generated)")
    parser.add_argument("--templates", type=pathlib.Path, help="templates to build with (default: the theme)")
    parser.add_argument("--work", type=pathlib.Path, default=pathlib.Path("/dev/shm/sitegen-compare"))
    args = parser.parse_args()
    if len(args.binaries) < 2:
        sys.exit("give at least two binaries")
    args.work.mkdir(parents=True, exist_ok=True)
    content = args.content
    if content is None:
        content = args.work / "Content"
        shutil.rmtree(content, ignore_errors=True)
        subprocess.run(
            [sys.executable, str(ROOT / "Benchmarks" / "generate.py"), str(args.size), str(content)],
            check=True, stdout=subprocess.DEVNULL)
    outputs = [args.work / f"out-{k}" for k in range(len(args.binaries))]
    for binary, output in zip(args.binaries, outputs):
        build(binary, content, output, args.templates)
    for binary, output in zip(args.binaries[1:], outputs[1:]):
        changed = differences(outputs[0], output)
        print(f"{binary}: {'the same site' if not changed else f'{len(changed)} paths differ, first {changed[0]}'}")
    runs = {binary: [] for binary in args.binaries}
    for _ in range(args.rounds):
        for binary, output in zip(args.binaries, outputs):
            runs[binary].append(build(binary, content, output, args.templates))
    first = runs[args.binaries[0]]
    print(f"{args.rounds} rounds, {os.cpu_count()} cores, catalogue {content}")
    for binary in args.binaries:
        mine = runs[binary]
        line = (f"{binary}: wall {statistics.median(r[0] for r in mine):.2f} s, "
                f"CPU {statistics.median(r[1] for r in mine):.2f} s, peak {statistics.median(r[2] for r in mine):.0f} MB")
        if binary != args.binaries[0]:
            wall = statistics.median(m[0] / f[0] for m, f in zip(mine, first))
            cpu = statistics.median(m[1] / f[1] for m, f in zip(mine, first))
            line += f"; paired against the first: wall {wall:.3f}, CPU {cpu:.3f}"
        print(line)
    for output in outputs:
        shutil.rmtree(output, ignore_errors=True)


if __name__ == "__main__":
    main()
