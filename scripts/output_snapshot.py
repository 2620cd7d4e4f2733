#!/usr/bin/python3
"""Write every number vibro's verbs print for the shipped cases into one directory, so that two
builds can be compared byte for byte (`diff -r A B`) after a change that must not move a number.

Usage: scripts/output_snapshot.py VIBRO OUT_DIR [--cases DIR] [--only SUBSTRING]

What it records, per case file under --cases (sweep and test-set problem files aside):
  run/NAME.json   `vibro --json run CASE`        NAME.csv  the trajectory of `vibro run --csv`
                  (its SHA-256 when it is over a megabyte; not for the Lyapunov cases, whose
                  trajectories of millions of steps the exponents in lyapunov/ summarise)
  converge/NAME/  the CSVs of `vibro converge`   (cases with a [convergence] list)
  lyapunov/NAME.json `vibro --json lyapunov CASE` (cases with a [lyapunov] table)
and once: check.json (`vibro --json check`) and testset.json (`vibro --json testset run`).

Wall times are not numbers of the method: JSON keys that hold them ("seconds", "wall_seconds",
"*_seconds", "time_per_step") and CSV columns named like them are replaced by "-" so that the
snapshot compares what the schemes computed. A verb that fails is recorded with its exit code and
stderr, so that a change of failure is a difference too.
"""
import argparse
import csv
import hashlib
import io
import json
import pathlib
import subprocess
import sys

TIMING_WORDS = ("seconds", "wall", "time_per_step", "ns_per_step", "elapsed")


def is_timing(key):
    key = key.lower()
    return any(word in key for word in TIMING_WORDS)


def without_timing(value):
    if isinstance(value, dict):
        return {k: ("-" if is_timing(k) else without_timing(v)) for k, v in value.items()}
    if isinstance(value, list):
        return [without_timing(v) for v in value]
    return value


def csv_without_timing(text):
    rows = list(csv.reader(io.StringIO(text)))
    if not rows:
        return text
    timing_columns = {i for i, name in enumerate(rows[0]) if is_timing(name)}
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(rows[0])
    for row in rows[1:]:
        writer.writerow(["-" if i in timing_columns else cell for i, cell in enumerate(row)])
    return out.getvalue()


def run(vibro, args, out_file, cwd):
    done = subprocess.run([vibro, "--quiet", *args], capture_output=True, text=True, cwd=cwd)
    out_file.parent.mkdir(parents=True, exist_ok=True)
    if done.returncode != 0:
        out_file.with_suffix(".failed").write_text(f"exit {done.returncode}\n{done.stderr}")
    if done.stdout.strip().startswith(("{", "[")):
        try:
            data = without_timing(json.loads(done.stdout))
            out_file.write_text(json.dumps(data, indent=1, sort_keys=True) + "\n")
            return done.returncode
        except json.JSONDecodeError:
            pass
    out_file.write_text(done.stdout)
    return done.returncode


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("vibro")
    parser.add_argument("out")
    parser.add_argument("--cases", default="cases")
    parser.add_argument("--only", default="")
    options = parser.parse_args()
    vibro = str(pathlib.Path(options.vibro).resolve())
    out = pathlib.Path(options.out).resolve()
    root = pathlib.Path(options.cases).resolve().parent
    cases_dir = pathlib.Path(options.cases).resolve()
    cases = sorted(p for p in cases_dir.rglob("*.toml")
                   if "sweep" not in p.name and "testset" not in p.parts)
    for case in cases:
        if options.only not in str(case):
            continue
        name = str(case.relative_to(cases_dir).with_suffix("")).replace("/", "__")
        text = case.read_text()
        print(name, file=sys.stderr, flush=True)
        run(vibro, ["--json", "run", str(case)], out / "run" / f"{name}.json", root)
        if "[lyapunov]" not in text:
            trajectory = out / "run" / f"{name}.csv"
            tmp = pathlib.Path(str(trajectory) + ".tmp")
            run(vibro, ["run", str(case), "--csv", str(tmp)], out / "run" / f"{name}.txt", root)
            (out / "run" / f"{name}.txt").unlink(missing_ok=True)
            if tmp.exists():
                if tmp.stat().st_size > 1 << 20:
                    digest = hashlib.sha256(tmp.read_bytes()).hexdigest()
                    trajectory.with_suffix(".csv.sha256").write_text(f"{digest} {tmp.stat().st_size}\n")
                else:
                    trajectory.write_text(tmp.read_text())
                tmp.unlink()
        if "[convergence]" in text:
            directory = out / "converge" / name
            run(vibro, ["converge", str(case), "--timing-repeats", "0", "--out", str(directory)],
                directory / "stdout.txt", root)
            for produced in directory.glob("*"):
                if produced.suffix == ".csv":
                    produced.write_text(csv_without_timing(produced.read_text()))
                elif produced.suffix in (".svg", ".md"):
                    produced.unlink()
            (directory / "stdout.txt").unlink(missing_ok=True)
        if "[lyapunov]" in text:
            run(vibro, ["--json", "lyapunov", str(case)], out / "lyapunov" / f"{name}.json", root)
    if not options.only:
        run(vibro, ["--json", "check"], out / "check.json", root)
        run(vibro, ["--json", "testset", "run", "--out", str(out / "testset-files")],
            out / "testset.json", root)
        for produced in (out / "testset-files").rglob("*"):
            if produced.suffix == ".csv":
                produced.write_text(csv_without_timing(produced.read_text()))
            elif produced.is_file() and produced.suffix != ".json":
                produced.unlink()
            elif produced.suffix == ".json":
                data = without_timing(json.loads(produced.read_text()))
                produced.write_text(json.dumps(data, indent=1, sort_keys=True) + "\n")


if __name__ == "__main__":
    main()
