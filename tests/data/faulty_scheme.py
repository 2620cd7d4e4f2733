#!/usr/bin/env python3
"""A program that speaks vibro's external-scheme protocol with one fault, chosen by its argument,
for tests/external_scheme_test.cpp: each fault is one the protocol's checks must catch
(docs/own_scheme.md "Checks"). Without a fault ("none") it answers a correct trajectory of free
flight, u = u0 + v0 (t - t0), v = v0, on the grid the problem asks for."""
import json
import sys
import time

fault = sys.argv[1]
problem = json.load(sys.stdin)
steps = problem["steps"]
t0 = problem["initial"]["t0"]["double"]
h = problem["step"]["h"]["double"]
u0 = problem["initial"]["u0"]["double"]
v0 = problem["initial"]["v0"]["double"]
out = sys.stdout

if fault == "hang":
    time.sleep(600)
if fault == "silent":
    sys.exit(0)
if fault == "exit":
    print("reading the model: unknown type", file=sys.stderr)
    print("cannot go on", file=sys.stderr)
    sys.exit(3)
if fault == "signal":
    import os, signal
    os.kill(os.getpid(), signal.SIGSEGV)

out.write({"header": "t,u,x\n", "columns": "t,u,v,contact\n"}.get(fault, "t,u,v,contact\n"))
rows = steps + 1 + {"few": -2, "many": 1}.get(fault, 0)
for k in range(rows):
    t = t0 + k * h
    u, v, contact = repr(u0 + v0 * (t - t0)), repr(v0), "0"
    if k == 5:
        if fault == "text": u = "abc"
        if fault == "nan": v = "nan"
        if fault == "columns": u = u + ",1"
        if fault == "decreasing": t = t0 + 3 * h
        if fault == "offgrid": t = t + h / 10
        if fault == "contact": contact = "2"
        if fault == "long": u = "1" * 100000
    if fault == "bounce" and k == 2:
        contact = "1"  # a correct answer with one contact row
    out.write(f"{repr(t)},{u},{v},{contact}\n")
