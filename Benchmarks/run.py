#!/usr/bin/env python3
"""Benchmarks `sitegen build` (release) on synthetic catalogues and, when Hugo is installed, Hugo on
the same catalogue.

usage: python3 Benchmarks/run.py [--sizes 1000,10000,100000] [--runs 3] [--work /dev/shm/sitegen-bench]

Prints, for each size: wall time (best of --runs), pages per second and peak memory (max RSS of the
build process), a no-change rebuild, and Hugo's numbers and our time divided by Hugo's when `hugo`
is on PATH (`apt-get install hugo`; up to --hugo-max skills).
Output goes to tmpfs (/dev/shm) by default, so the disk does not dominate the numbers. Last, what each
tool wrote (files and megabytes): the two sites are not the same size.
"""
import argparse
import os
import pathlib
import re
import shutil
import subprocess
import sys
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent


def measure(command, cwd):
    """Runs a command; returns (seconds, peak RSS in MB, stdout)."""
    start = time.perf_counter()
    process = subprocess.Popen(command, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    _, status, usage = os.wait4(process.pid, 0)
    seconds = time.perf_counter() - start
    out = process.stdout.read()
    err = process.stderr.read()
    process.returncode = os.waitstatus_to_exitcode(status)
    if process.returncode != 0:
        sys.exit(f"{' '.join(command)} failed:\n{out}\n{err}")
    return seconds, usage.ru_maxrss / 1024, out


def tree_size(folder):
    """Files and bytes below a folder."""
    files = size = 0
    for path in pathlib.Path(folder).rglob("*"):
        if path.is_file():
            files += 1
            size += path.stat().st_size
    return files, size


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--sizes", default="1000,10000,100000")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--hugo-max", type=int, default=10000,
                        help="largest size to also build with Hugo (Hugo needs ~4.5 GB at 50,000 skills)")
    parser.add_argument("--work", default="/dev/shm/sitegen-bench" if os.path.isdir("/dev/shm") else "/tmp/sitegen-bench")
    args = parser.parse_args()

    subprocess.run(["swift", "build", "-c", "release", "--product", "sitegen"], cwd=ROOT, check=True)
    sitegen = ROOT / ".build" / "release" / "sitegen"
    hugo = shutil.which("hugo")
    work = pathlib.Path(args.work)
    print(f"machine: {os.cpu_count()} cores; output on {work}")
    print(f"{'skills':>8} {'pages':>8} {'time s':>8} {'pages/s':>9} {'peak MB':>8} {'rebuild s':>10}"
          + (f" {'hugo s':>8} {'hugo MB':>8} {'ours/hugo':>9}" if hugo else ""))
    written = []
    for size in [int(s) for s in args.sizes.split(",")]:
        folder = work / str(size)
        shutil.rmtree(folder, ignore_errors=True)
        generate = [sys.executable, str(ROOT / "Benchmarks" / "generate.py"), str(size), str(folder / "Content")]
        with_hugo = hugo and size <= args.hugo_max
        if with_hugo:
            generate += ["--hugo", str(folder / "hugo")]
        subprocess.run(generate, check=True, stdout=subprocess.DEVNULL)
        best = None
        for run in range(args.runs):
            shutil.rmtree(folder / "Public", ignore_errors=True)
            result = measure([str(sitegen), "build"], folder)
            best = result if best is None or result[0] < best[0] else best
        seconds, peak, out = best
        pages = int(re.search(r": ([\d,]+) pages", out).group(1).replace(",", ""))
        rebuild, _, _ = measure([str(sitegen), "build"], folder)
        line = f"{size:>8} {pages:>8} {seconds:>8.2f} {pages / seconds:>9.0f} {peak:>8.0f} {rebuild:>10.2f}"
        if with_hugo:
            hugo_best = None
            for run in range(args.runs):
                shutil.rmtree(folder / "hugo" / "public", ignore_errors=True)
                result = measure([hugo, "--quiet"], folder / "hugo")
                hugo_best = result if hugo_best is None or result[0] < hugo_best[0] else hugo_best
            line += f" {hugo_best[0]:>8.2f} {hugo_best[1]:>8.0f} {seconds / hugo_best[0]:>5.2f}"
            written.append((size, "hugo", *tree_size(folder / "hugo" / "public")))
        print(line, flush=True)
        written.append((size, "sitegen", *tree_size(folder / "Public")))
    print("written:")
    for size, tool, files, total in written:
        print(f"{size:>8} {tool:>8} {files:>8} files {total / 1e6:>8.0f} MB")


if __name__ == "__main__":
    main()
