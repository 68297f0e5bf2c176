#!/usr/bin/env python3
"""Instructions per wake-up from a callgrind dump, by library and by function.

callgrind_annotate attributes everything of a stripped Swift release binary to
__libc_start_main; this reads the dump's fn=/cfn=/calls= lines itself. The wake-ups are the
calls of the function named by --per (epoll_wait for the ticker, poll for a C floor).

  objcopy --strip-debug .build/release/xmarquee /tmp/xm    # valgrind cannot read lld's DWARF
  valgrind --tool=callgrind --callgrind-out-file=/tmp/cg /tmp/xm ... &
  sleep 15; callgrind_control -z PID; sleep 20; callgrind_control -d PID
  bench/profile/callgrind-per-wakeup.py /tmp/cg.1 --per epoll_wait --callers swift_retain
"""
import argparse
import collections
import re

NAMED = re.compile(r"^(c?)(ob|fn)=\((\d+)\)(?: (.*))?$")
# A cost line: its position (a number, +n or -n relative to the last, or * for the same) and costs.
COST = re.compile(r"^(?:[+-]?\d+|\*)\s")


def read(path, callers_of):
    names = {"ob": {}, "fn": {}}
    own = collections.Counter()
    by_object = collections.Counter()
    calls = collections.Counter()  # callee name -> calls
    callers = collections.Counter()  # caller -> calls of `callers_of`
    ob = fn = cfn = None
    after_calls = False
    for line in open(path):
        line = line.rstrip("\n")
        match = NAMED.match(line)
        if match:
            called, kind, number, name = match.groups()
            if name:
                names[kind][number] = name
            if kind == "fn":
                if called:
                    cfn = names["fn"].get(number)
                else:
                    fn = names["fn"].get(number)
            elif not called:
                ob = names["ob"].get(number)
            continue
        if line.startswith("calls="):
            count = int(line.split("=")[1].split()[0])
            calls[cfn] += count
            if callers_of and cfn and callers_of in cfn:
                callers[fn] += count
            after_calls = True
            continue
        if COST.match(line):
            fields = line.split()
            if len(fields) >= 2:
                if after_calls:  # the inclusive cost of the call just named
                    after_calls = False
                    continue
                own[(ob, fn)] += int(fields[1])
                by_object[ob] += int(fields[1])
    return own, by_object, calls, callers


def main():
    arguments = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    arguments.add_argument("dump")
    arguments.add_argument("--per", default="epoll_wait", help="the call that counts a wake-up")
    arguments.add_argument("--top", type=int, default=30)
    arguments.add_argument("--callers", help="also list who calls functions whose name contains this")
    options = arguments.parse_args()
    own, by_object, calls, callers = read(options.dump, options.callers)
    wakeups = sum(count for name, count in calls.items() if name and options.per in name) or 1
    counted = sum(by_object.values())
    totals = next((int(line.split()[1]) for line in open(options.dump) if line.startswith("totals:")), None)
    if totals is not None and totals != counted:
        print(f"warning: {counted:,} instructions read against the dump's totals of {totals:,}")
    print(f"{wakeups} wake-ups ({options.per}), {counted / wakeups:,.0f} instructions each")
    for name, cost in by_object.most_common():
        print(f"{cost / wakeups:10,.0f}  {name}")
    print()
    for (name, function), cost in own.most_common(options.top):
        print(f"{cost / wakeups:10,.0f}  {str(name).rsplit('/', 1)[-1]}  {function}")
    if options.callers:
        print(f"\ncalls of *{options.callers}* per wake-up, by caller")
        for function, count in callers.most_common(options.top):
            print(f"{count / wakeups:8.1f}  {function}")


if __name__ == "__main__":
    main()
