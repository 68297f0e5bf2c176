#!/usr/bin/env python3
"""Quick A/B of the frame cost: client CPU, X server CPU and wakeups, the way make bench's CPU row
measures them (schedstat ns of all threads, voluntary context switches), for the C floor and any
number of xmarquee builds, in turns on one private Xvfb.

Usage: measure.py [--hz 60] [--seconds 10] [--rounds 3] [--speed 120] NAME=BINARY ...
       (NAME=floor runs the floor binary with 1920 32 2). Prints medians per NAME, and the
       ticker's own frames shown / missed from `xmarquee ctl status` where it answers.
Run it under: flock -o /tmp/xmarquee-build.lock (it needs quiet CPU).
"""
import argparse, json, os, signal, statistics, subprocess, sys, time

HEADLINES = os.path.join(os.path.dirname(os.path.abspath(__file__)), "headlines.txt")


def schedstat(pid):
    ns = vol = invol = 0
    for task in os.listdir(f"/proc/{pid}/task"):
        with open(f"/proc/{pid}/task/{task}/schedstat") as f:
            ns += int(f.read().split()[0])
        with open(f"/proc/{pid}/task/{task}/status") as f:
            for line in f:
                if line.startswith("voluntary_ctxt_switches"):
                    vol += int(line.split()[1])
                elif line.startswith("nonvoluntary_ctxt_switches"):
                    invol += int(line.split()[1])
    return time.monotonic(), ns, vol, invol


def start_xvfb(hz):
    r, w = os.pipe()
    args = ["Xvfb", "-displayfd", str(w), "-screen", "0", "1920x1080x24", "-nolisten", "tcp", "-br", "-noreset"]
    if hz != 60:
        args += ["-fakescreenfps", str(hz)]
    proc = subprocess.Popen(args, pass_fds=(w,), stderr=subprocess.DEVNULL)
    os.close(w)
    text = b""
    while not text.endswith(b"\n"):
        chunk = os.read(r, 16)
        if not chunk:
            break
        text += chunk
    os.close(r)
    return proc, ":" + text.decode().strip()


def ctl_status(binary, display):
    try:
        out = subprocess.run([binary, "ctl", "status"], env=dict(os.environ, DISPLAY=display),
                             capture_output=True, text=True, timeout=3).stdout
        return json.loads(out)
    except Exception:
        return None


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--hz", type=int, default=60)
    ap.add_argument("--seconds", type=float, default=10)
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--speed", type=float, default=None)
    ap.add_argument("--extra", default="", help="extra xmarquee arguments, space-separated")
    ap.add_argument("targets", nargs="+")
    a = ap.parse_args()
    speed = a.speed if a.speed is not None else 2 * a.hz
    # NAME=BINARY[,VAR=VALUE...]: environment variables for that target only (prototype switches).
    targets = []
    for t in a.targets:
        name, rest = t.split("=", 1)
        binary, *envs = rest.split(",")
        targets.append((name, binary, dict(e.split("=", 1) for e in envs)))
    server, display = start_xvfb(a.hz)
    env = dict(os.environ, DISPLAY=display, SWIFT_BACKTRACE="enable=no")
    results = {name: [] for name, _, _ in targets}
    try:
        time.sleep(0.5)
        for rnd in range(a.rounds):
            for name, binary, extra_env in targets:
                if name.startswith("floor"):
                    args = [binary, "1920", "32", str(speed // a.hz if a.hz else 2)]
                    args[3] = "2"
                else:
                    args = [binary, "--file", HEADLINES, "--geometry", "1920x32+0+0", "--speed", str(speed),
                            "--bg", "#202020", "--fg", "#f0f0f0", "--display", display] + a.extra.split()
                p = subprocess.Popen(args, env=dict(env, **extra_env), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
                time.sleep(2)
                st0 = None if name.startswith("floor") else ctl_status(binary, display)
                c0, s0 = schedstat(p.pid), schedstat(server.pid)
                time.sleep(a.seconds)
                c1, s1 = schedstat(p.pid), schedstat(server.pid)
                st1 = None if name.startswith("floor") else ctl_status(binary, display)
                p.send_signal(signal.SIGTERM)
                p.wait()
                dt = c1[0] - c0[0]
                row = dict(client=100 * (c1[1] - c0[1]) / 1e9 / dt, server=100 * (s1[1] - s0[1]) / 1e9 / dt,
                           wake=(c1[2] - c0[2]) / dt, invol=(c1[3] - c0[3]) / dt)
                if st0 and st1:
                    row["fps"] = (st1.get("framesShown", 0) - st0.get("framesShown", 0)) / dt
                    row["missed"] = st1.get("framesMissed", 0) - st0.get("framesMissed", 0)
                results[name].append(row)
                print(f"round {rnd} {name}: " + " ".join(f"{k}={v:.3f}" for k, v in row.items()), flush=True)
                time.sleep(0.5)
    finally:
        server.terminate()
        server.wait()
    floor = results.get("floor")
    fc = statistics.median(r["client"] for r in floor) if floor else None
    fs = statistics.median(r["server"] for r in floor) if floor else None
    print(f"\nmedians ({a.rounds} x {a.seconds:.0f} s, {a.hz} Hz, {speed:.0f} px/s):")
    for name, rows in results.items():
        med = {k: statistics.median(r[k] for r in rows if k in r) for k in rows[0]}
        extra = ""
        if fc and fs:
            extra = f"  client/floor={med['client'] / fc:.2f}x server/floor={med['server'] / fs:.3f}x"
        print(f"  {name:14s} " + " ".join(f"{k}={v:.3f}" for k, v in med.items()) + extra)


if __name__ == "__main__":
    main()
