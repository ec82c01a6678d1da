#!/usr/bin/python3
"""The CLI as a process: `whence ops`, `whence eval` over JSON Lines, `--code`, and the promise
that no input, however malformed, crashes, hangs or desynchronises the stream.

    /usr/bin/python3 tests/cli/check_cli.py WHENCE [WHENCE ...]

Runs every check against each binary given (the release build and the sanitizer build).
Ends with `N passed, M failed`; exits 1 on any failure.
"""
import json
import random
import subprocess
import sys

GATHER = "torch.gather(torch.tensor([[1, 2, 3], [4, 5, 6]]), 1, torch.tensor([[0, 2], [2, 1]]))"
T = {"dtype": "int64", "shape": [2, 3], "data": [1, 2, 3, 4, 5, 6]}
I = {"dtype": "int64", "shape": [2, 2], "data": [0, 2, 2, 1]}

results = []


def check(name, ok, detail=""):
    results.append(ok)
    if not ok:
        print("FAIL", name, detail[:2000])


def run(binary, args, stdin="", timeout=60):
    p = subprocess.run([binary] + args, input=stdin.encode() if isinstance(stdin, str) else stdin,
                       capture_output=True, timeout=timeout)
    return p.returncode, p.stdout.decode("utf-8", "replace"), p.stderr.decode("utf-8", "replace")


def eval_lines(binary, lines):
    data = b"".join((l if isinstance(l, bytes) else l.encode()) + b"\n" for l in lines)
    rc, out, err = run(binary, ["eval"], data)
    return rc, out.splitlines(), err


def check_binary(b):
    tag = b.split("/")[-2] if "/" in b else b
    rc, out, err = run(b, ["ops"])
    ops = json.loads(out) if rc == 0 else []
    gather = [o for o in ops if "torch.gather" in o.get("names", [])]
    check(tag + " ops lists gather with its fields", rc == 0 and len(gather) == 1 and all(
        k in gather[0] for k in ("names", "family", "summary", "signature", "docs", "example")), out)
    if gather:
        check(tag + " ops names", gather[0]["names"] == ["torch.gather", "torch.Tensor.gather"], str(gather[0]))
        check(tag + " ops signature", gather[0]["signature"] == "torch.gather(input, dim, index, *, sparse_grad=False)")

    rc, out, err = run(b, ["eval", "--code", GATHER, "--explain"])
    r = json.loads(out)
    check(tag + " --code result", rc == 0 and r["ok"] and r["result"] == {"dtype": "int64", "shape": [2, 2], "data": [1, 3, 6, 5]}, out)
    check(tag + " --code equation", r.get("relations", [{}] * 3)[2].get("eq") == "out[1][0] = input[1][index[1][0]] = input[1][2] = 6", out)
    check(tag + " --code relation roles", r.get("relations", [{}] * 3)[2].get("src") == [[[2], 2, "index"], [[0], 5, "value"]], out)

    # One response per non-blank line, in order, whatever the line holds.
    deep = "[" * 100000 + "]" * 100000
    big = json.dumps({"id": "big", "op": "torch.gather", "args": [{"dtype": "int64", "shape": [1], "data": [0] * 3_000_000}]})
    lines = [
        json.dumps({"id": 1, "op": "torch.gather", "args": [T, 1, I], "explain": True}),
        "{",
        "",
        "[]",
        json.dumps({"id": 3, "op": 5}),
        json.dumps({"id": 4, "op": "torch.fft.fft", "args": [T]}),
        b"\xff\xfe garbage \x00",
        json.dumps({"id": 6, "op": "torch.gather", "args": [{"dtype": "int64", "shape": [300, 300], "data": []}, 0, I]}),
        json.dumps({"id": 7, "op": "torch.gather", "args": [{"dtype": "int64", "shape": [2, 2], "data": [1]}, 0, I]}),
        json.dumps({"id": "eight", "code": "torch.gather(torch.tensor([1, 2]), 0, torch.tensor([5]))"}),
        json.dumps({"id": 9, "code": "torch.gather(torch.tensor([1, 2]), 0, torch.tensor([1]"}),
        deep,
        big,
        json.dumps({"id": 12, "op": "torch.gather", "args": [T, 1, I], "kwargs": {"sparse_grad": True}}),
        json.dumps({"id": 13, "op": "torch.gather", "args": [{"dtype": "float32", "shape": [3], "data": [0.1, "nan", "-inf"]}, 0, {"shape": [2], "data": [2, 0]}]}),
        json.dumps({"id": 14, "op": "torch.gather", "args": [{"dtype": "complex64", "shape": [1], "data": [1]}, 0, I]}),
        json.dumps({"id": 15, "op": "torch.gather", "args": [{"dtype": "int64", "shape": [1, 1, 1, 1, 1, 1, 1, 1, 1], "data": [1]}, 0, I]}),
    ]
    rc, out, err = eval_lines(b, lines)
    check(tag + " eval exits 0 on bad input", rc == 0, err[-2000:])
    check(tag + " eval: no sanitizer or crash report", "ERROR" not in err and "runtime error" not in err, err[-2000:])
    check(tag + " eval: one line per non-blank request", len(out) == len(lines) - 1, "%d lines" % len(out))
    resp = [json.loads(l) for l in out]
    by_id = {json.dumps(r.get("id")): r for r in resp}

    def err_of(i):
        return resp[i]["error"]["type"] if i < len(resp) and not resp[i]["ok"] else None

    check(tag + " eval ok line", resp[0]["ok"] and resp[0]["id"] == 1 and len(resp[0]["relations"]) == 4)
    check(tag + " malformed JSON", err_of(1) == "ValueError" and resp[1]["id"] is None, str(resp[1]))
    check(tag + " array request", err_of(2) == "ValueError", str(resp[2]))
    check(tag + " op not a string", err_of(3) == "ValueError" and resp[3]["id"] == 3, str(resp[3]))
    check(tag + " unsupported op", err_of(4) == "Unsupported" and "torch.fft.fft" in resp[4]["error"]["message"], str(resp[4]))
    check(tag + " binary garbage", err_of(5) == "ValueError", str(resp[5]))
    check(tag + " over the element limit", err_of(6) == "Unsupported" and "65536" in resp[6]["error"]["message"], str(resp[6]))
    check(tag + " data/shape mismatch", err_of(7) == "ValueError", str(resp[7]))
    check(tag + " code: PyTorch error", by_id.get('"eight"', {}).get("error") == {
        "type": "RuntimeError", "message": "index 5 is out of bounds for dimension 0 with size 2", "arg": "index"},
        str(by_id.get('"eight"')))
    check(tag + " code: syntax error", err_of(9) == "SyntaxError" and "never closed" in resp[9]["error"]["message"], str(resp[9]))
    check(tag + " 100000-deep nesting", err_of(10) is not None, str(resp[10])[:300])
    check(tag + " request over 8 MiB", err_of(11) == "Unsupported" and "8 MiB" in resp[11]["error"]["message"], str(resp[11])[:300])
    check(tag + " keyword argument", resp[12]["ok"] and resp[12]["result"]["data"] == [1, 3, 6, 5], str(resp[12]))
    check(tag + " non-finite floats", resp[13]["ok"] and resp[13]["result"]["data"] == ["-inf", 0.1], str(resp[13]))
    check(tag + " unknown dtype", err_of(14) == "ValueError", str(resp[14]))
    check(tag + " rank above 8", err_of(15) == "Unsupported", str(resp[15]))

    # Mutations of a valid call: every one gets exactly one JSON line back.
    rng = random.Random(1234)
    alphabet = "()[],.=-+ 0123456789torchensgaxdimpv'\"_eTF"
    codes = [json.dumps({"id": k, "code": mutate(rng, GATHER, alphabet, 6), "explain": True}) for k in range(1500)]
    check_one_response_each(b, tag + " 1500 mutated calls", codes)


def mutate(rng, text, alphabet, most):
    """text with 1..most random deletions, insertions and replacements of characters."""
    s = list(text)
    for _ in range(rng.randint(1, most)):
        op = rng.random()
        pos = rng.randrange(len(s) + 1)
        if op < 0.4 and s:
            del s[min(pos, len(s) - 1)]
        elif op < 0.8:
            s.insert(pos, rng.choice(alphabet))
        else:
            s[min(pos, len(s) - 1)] = rng.choice(alphabet)
    return "".join(s)


def check_one_response_each(b, what, lines):
    rc, out, err = eval_lines(b, lines)
    ids = [json.loads(l)["id"] for l in out] if rc == 0 else []
    check(what + ": one ordered response each, no crash", rc == 0 and ids == list(range(len(lines))) and "ERROR" not in err,
          "rc %d, %d lines, %s" % (rc, len(out), err[-1500:]))


PROGRAM = "x = torch.arange(6.).reshape(2, 3)\ny = x.softmax(-1)\nrow = x[0]\nrow[1] = 7\nv, i = x.max(0)\nz = y.sum(5)\n"


def check_programs(b, tag):
    rc, out, err = run(b, ["run", "-"], stdin=PROGRAM)
    check(tag + " run prints each step", rc == 1 and ">>> y = x.softmax(-1)" in out and "row = torch.tensor([0.0, 7.0, 2.0])" in out
          and "line 6: IndexError: Dimension out of range" in out, out + err)
    # A statement over two lines, a print's text as Python prints it, a doctest paste.
    rc, out, err = run(b, ["run", "-"], stdin=">>> x = torch.tensor([1.0,\n...                   2.0])\n>>> print(x, x.shape)\ntensor([1., 2.])\n")
    check(tag + " run prints a statement's lines and print's text", rc == 0 and out ==
          ">>> x = torch.tensor([1.0,\n... 2.0])\nx = torch.tensor([1.0, 2.0])  # float32, shape [2]\n"
          ">>> print(x, x.shape)\ntensor([1., 2.]) torch.Size([2])\n", out + err)
    rc, out, err = run(b, ["run", "/nonexistent/program.py"])
    check(tag + " run: an unreadable file exits 2", rc == 2 and "cannot read" in err, err)
    # Mutated programs, traced and reached: one ordered response each, never a crash or hang.
    rng = random.Random(7)
    alphabet = "()[],.=-+ 0123456789torchensgaxdimpv'\"_eT\n:#*"
    queries = [{"explain": True}, {"trace": {"name": "v", "element": 1}}, {"reach": {"name": "x", "element": 2, "line": 1}}]
    lines = [json.dumps(dict({"id": k, "program": mutate(rng, PROGRAM, alphabet, 5)}, **rng.choice(queries))) for k in range(400)]
    check_one_response_each(b, tag + " 400 mutated programs", lines)


def main(argv):
    for b in argv[1:] or ["build/native/whence"]:
        check_binary(b)
        check_programs(b, b.split("/")[-2] if "/" in b else b)
    failed = results.count(False)
    print("%d passed, %d failed" % (len(results) - failed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
