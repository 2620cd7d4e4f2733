"""scripts/check_report.py, the check of a whole report (issue 51 items 1, 3, 4).

A fixture report (tests/data/report_checker/reports/) breaks each rule once or twice, and
passes it elsewhere (a link to a site, a heading's id by GitHub's rules, a repeated heading's -1, an explicit
<a id> and <a name>, a link that leaves the report, 10 significant digits, a 20-character
fraction, a hash, a fenced block, a wide table on a study page): the checker must report
exactly the violations planted, which are listed here by hand from the fixture's text. Then
the committed report (reports/) must have no finding at all.
"""
import os
import pathlib
import re
import subprocess

SOURCE = pathlib.Path(os.environ["VIBRO_SOURCE_DIR"])
CHECKER = SOURCE / "scripts" / "check_report.py"
FIXTURE = SOURCE / "tests" / "data" / "report_checker" / "reports"

# (page, line, what the finding starts with): one per violation planted in the fixture.
PLANTED = {
    ("index.md", 12, "link to part.md#nowhere: no anchor"),  # a dead anchor
    ("index.md", 14, "link to missing.md: no file"),  # a dead file
    ("linked.svg", 1, "an SVG shown on no page"),  # linked, not shown
    ("unshown.svg", 1, "an SVG shown on no page"),  # neither
    ("index.md", 21, "a number of 11 significant digits"),  # 12345.678901 in a sentence
    ("index.md", 29, "a number of 31 characters"),  # a fraction in a cell
    ("index.md", 27, "a table of 8 columns on a main page"),
    ("studies/study.md", 3, "link to ../index.md#testset: no anchor"),  # a study page's dead link back
}


def run_checker(report):
    return subprocess.run(["/usr/bin/python3", str(CHECKER), str(report)], capture_output=True, text=True, timeout=120)


def findings_of(output):
    """(page, line, what) of each `page:line: what` line."""
    return [(m.group(1), int(m.group(2)), m.group(3)) for m in re.finditer(r"^([^:\n]+):(\d+): (.*)$", output, re.M)]


def test_each_rule_reports_the_violations_planted_in_the_fixture_and_nothing_else():
    run = run_checker(FIXTURE)
    assert run.returncode == 1, run.stdout + run.stderr
    found = findings_of(run.stdout)
    unexpected = [f for f in found if not any(f[:2] == p[:2] and f[2].startswith(p[2]) for p in PLANTED)]
    missed = [p for p in PLANTED if not any(f[:2] == p[:2] and f[2].startswith(p[2]) for f in found)]
    assert not unexpected, f"reported but not planted: {unexpected}"
    assert not missed, f"planted but not reported: {missed}"
    assert len(found) == len(PLANTED)
    assert run.stdout.rstrip().endswith(f"{len(PLANTED)} findings in 3 pages and 4 SVGs of {FIXTURE}")


def test_the_committed_report_has_no_finding():
    run = run_checker(SOURCE / "reports")
    assert run.returncode == 0, run.stdout[-6000:] + run.stderr
