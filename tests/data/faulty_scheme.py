#!/usr/bin/env python3
"""A program that speaks vibro's external-scheme protocol with one fault, chosen by its argument,
for tests/external_scheme_test.cpp: each fault is one the protocol's checks must catch
(docs/own_scheme.md "Checks"). Without a fault ("none") it answers a correct trajectory of free
flight, q = q0 + v0 (t - t0), v = v0, for any number of coordinates, on the grid the problem asks
for; "bounce" is the same with one contact row, "warn" with two lines on stderr, "chatty" with seven;
"evaluations:N" with the line `evaluations,N` after its rows."""
import json
import sys
import time

fault = sys.argv[1]
problem = json.load(sys.stdin)
steps = problem["steps"]
t0 = problem["initial"]["t0"]["double"]
h = problem["step"]["h"]["double"]
if problem.get("dimension", 1) == 1:
    q0, v0 = [problem["initial"]["u0"]["double"]], [problem["initial"]["v0"]["double"]]
else:
    q0, v0 = problem["initial"]["q0"]["double"], problem["initial"]["v0"]["double"]
columns = problem.get("columns", ["t", "u", "v"])
out = sys.stdout

if fault == "hang":
    time.sleep(600)
if fault.startswith("study:"):  # "study:PIDFILE": the study's 80-step run hangs, its 40-step run fails
    if steps == 80:
        with open(fault[len("study:"):], "w") as pid_file:
            pid_file.write(str(__import__("os").getpid()))
        time.sleep(600)
    if steps == 40:
        time.sleep(1)
        sys.exit(7)
if fault == "silent":
    sys.exit(0)
if fault == "exit":
    print("reading the model: unknown type", file=sys.stderr)
    print("cannot go on", file=sys.stderr)
    sys.exit(3)
if fault == "warn":  # a correct answer with two lines of warnings on stderr
    print("note: the step is coarse", file=sys.stderr)
    print("second line", file=sys.stderr)
if fault == "chatty":  # a correct answer with seven lines on stderr
    for i in range(1, 8):
        print("line %d" % i, file=sys.stderr)
if fault == "signal":
    import os, signal
    os.kill(os.getpid(), signal.SIGSEGV)

# "impacts…": an impact table after the rows, without the contact column (docs/own_scheme.md
# "The impact table"): "impacts" a correct one, "impacts-empty" its header alone, the others one
# fault each; "impacts-contact" a correct table after rows that have the contact column.
table = fault.startswith("impacts")
contact_column = not table or fault == "impacts-contact"
out.write("t,u,x\n" if fault == "header" else ",".join(columns) + (",contact\n" if contact_column else "\n"))
rows = steps + 1 + {"few": -2, "many": 1}.get(fault, 0)
for k in range(rows):
    t = t0 + k * h
    q = [repr(qi + vi * (t - t0)) for qi, vi in zip(q0, v0)]
    v = [repr(vi) for vi in v0]
    contact = "0"
    if k == 5:
        if fault == "text": q[0] = "abc"
        if fault == "nan": v[0] = "nan"
        if fault == "columns": q[0] = q[0] + ",1"
        if fault == "decreasing": t = t0 + 3 * h
        if fault == "offgrid": t = t + h / 10
        if fault == "contact": contact = "2"
        if fault == "long": q[0] = "1" * 100000
    if fault == "plus":  # the grammar's optional '+' on every positive number: a correct answer
        q = [x if x.startswith("-") else "+" + x for x in q]
    if fault == "bounce" and k == 2:
        contact = "1"  # a correct answer with one contact row
    out.write(",".join([repr(t)] + q + v + ([contact] if contact_column else [])) + "\n")
if fault.startswith("evaluations:"):  # "evaluations:N": the work line after the rows, N as given
    out.write("evaluations," + fault[len("evaluations:"):] + "\n")
if table:
    end = t0 + steps * h
    impact = lambda t, coordinate=1: f"{t!r},{coordinate},-1.0,0.5\n"
    # two coordinates' impacts at one time are two rows (with two coordinates)
    rows = {"impacts": [impact(t0 + h / 2)] + [impact(t0 + h / 2, 2)] * (len(q0) > 1) + [impact(end)],
            "impacts-empty": [],
            "impacts-outside": [impact(t0 + h / 2), impact(end + h)],
            "impacts-twice": [impact(t0 + h / 2), impact(t0 + h / 2)],
            "impacts-order": [impact(t0 + h), impact(t0 + h / 2)],
            "impacts-coordinate": [impact(t0 + h / 2, len(q0) + 1)],
            "impacts-contact": [impact(t0 + h / 2)]}[fault]
    out.write("t,coordinate,v_minus,v_plus\n" + "".join(rows))
