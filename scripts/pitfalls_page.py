"""The pitfalls page (build/site/pitfalls/): each program of site/pitfalls.json run by the
native CLI, its steps drawn as HTML (each line of code beside its tensors, the failing line
marked), and, for every element drawn, its trace and reach as the program engine gives them
(`whence eval` sessions: core/program/provenance.cpp, the one implementation the CLI and the
live program page use too) in programs.json, which site/program.js paints: where an element
comes from (every earlier step, shaded by depth) and what it reaches.
Plain HTML: it reads without JavaScript, WebAssembly or WebGL."""
import html
import json
import os
import re
import subprocess


def _number(x):
    if isinstance(x, bool):
        return "True" if x else "False"
    if isinstance(x, str):  # "nan", "inf", "-inf"
        return x
    if isinstance(x, int):
        return str(x)
    text = "%.4g" % x
    return text if any(c in text for c in ".en") else text + "."


def _grid(value, line, name):
    """A tensor as a table of cells (a 0-d one as one cell; rank > 2 as rows of its last dim);
    other values as text."""
    if not (isinstance(value, dict) and "data" in value):
        if isinstance(value, dict) and "tuple" in value:
            return '<span class="pyvalue">(%s)</span>' % ", ".join(_grid(v, line, "") for v in value["tuple"])
        if isinstance(value, dict) and "object" in value:  # a model or an optimizer: its repr, as print shows it
            return '<pre class="pyvalue object">%s%s</pre>' % (html.escape(name) + " = " if name else "",
                                                               html.escape(value["repr"]))
        text = {None: "None", True: "True", False: "False"}.get(value) if value is None or isinstance(value, bool) \
            else json.dumps(value)  # as Python writes them
        return '<span class="pyvalue">%s</span>' % html.escape(text)
    shape, data = value["shape"], value["data"]
    cols = shape[-1] if shape else 1
    rows = [data[i:i + cols] for i in range(0, len(data), cols)] if cols else []
    key = "%d:%s:" % (line, name) if name else ""
    body = []
    for r, row in enumerate(rows):
        cells = "".join('<td%s>%s</td>' % (' data-cell="%s%d"' % (html.escape(key, quote=True), r * cols + c) if key else "",
                                           html.escape(_number(v))) for c, v in enumerate(row))
        body.append("<tr>%s</tr>" % cells)
    label = "%s%s · %s" % (html.escape(name) + " " if name else "", value["dtype"], "[" + ", ".join(map(str, shape)) + "]")
    if not rows:
        body.append('<tr><td class="empty">empty</td></tr>')
    return '<figure class="grid"><table data-shape="%s">%s</table><figcaption>%s</figcaption></figure>' % (
        ",".join(map(str, shape)), "".join(body), label)


def _prose(text):
    """Escaped text, with `code` in backquotes (as site/pitfalls.json writes it) as <code>."""
    return re.sub(r"`([^`]+)`", r"<code>\1</code>", html.escape(text))


def _program_html(index, item, response):
    out = ['<h2 class="pitfalls-section">%s</h2>' % _prose(item["section"])] if item.get("section") else []
    out += ['<section class="program" id="p%d" data-program="%d">' % (index, index),
            "<h3>%s</h3>" % _prose(item["title"]), "<p>%s</p>" % _prose(item["why"])]
    steps = {s["line"]: s for s in response["steps"]}
    error = response.get("error")
    for number, code in enumerate(item["program"].rstrip("\n").split("\n"), 1):
        step = steps.get(number)
        failing = error is not None and error["line"] == number
        tensors = ""
        if step:
            tensors = "".join(_grid(v, number, n or "") for n, v in zip(step["names"], step["results"]))
            # what print wrote and the warnings Python raised, as a terminal shows them
            tensors += "".join('<pre class="stdout warning">%s</pre>' % html.escape(w) for w in step.get("warnings", []))
            if "stdout" in step:
                tensors += '<pre class="stdout">%s</pre>' % html.escape(step["stdout"])
        if failing:
            tensors = '<p class="error">%s: %s</p>' % (html.escape(error["type"]), html.escape(error["message"]))
            if error.get("module"):  # the module whose forward raised it (program_steps.js shows it so)
                tensors += '<p class="error-module">in %s</p>' % html.escape(error["module"])
        out.append('<div class="step%s"><pre class="code"><span class="line-number">%d</span>%s</pre><div class="tensors">%s</div></div>'
                   % (" failing" if failing else "", number, html.escape(code), tensors))
    out.append('<p class="fix"><strong>Fix:</strong> %s</p>' % _prose(item["fix"]))
    out.append("</section>")
    return "\n".join(out)


def _eval(whence, requests):
    """The responses of one `whence eval` process to these requests, in order."""
    text = "".join(json.dumps(r) + "\n" for r in requests)
    lines = subprocess.run([whence, "eval"], input=text, capture_output=True, text=True, check=True).stdout.splitlines()
    return [json.loads(l) for l in lines]


def _key(cell):
    return "%d:%s:%d" % (cell["line"], cell["name"], cell["element"])


def _provenance(whence, program, response):
    """{"line:name:element": {"b": {key: depth}, "f": {key: depth}}} for every element of every
    named tensor the steps show: what it comes from (trace) and what it reaches (reach), from
    one session of a fresh CLI (so the session is number 1)."""
    starts = [{"name": name, "element": e, "line": step["line"]}
              for step in response["steps"] for name, value in zip(step["names"], step["results"])
              if name and isinstance(value, dict) and "data" in value for e in range(len(value["data"]))]
    requests = [{"id": 0, "program": program, "session": True}]
    requests += [{"id": i + 1, "session": 1, "trace": s, "reach": s} for i, s in enumerate(starts)]
    answers = _eval(whence, requests)
    assert answers[0].get("session") == 1, answers[0]
    out = {}
    for start, a in zip(starts, answers[1:]):
        named = lambda cells: {_key(c): c["depth"] for c in cells if c.get("name")}
        out[_key(start)] = {"b": named(a["trace"]), "f": named(a["reach"])}
    return out


def write(out_dir, whence, page):
    """Runs every pitfall through `whence eval` and writes pitfalls/index.html and
    pitfalls/programs.json; page(body, title, description, root) wraps the body in the site's
    chrome."""
    with open(os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "site", "pitfalls.json"),
              encoding="utf-8") as f:
        items = json.load(f)
    responses = [_eval(whence, [{"id": 0, "program": it["program"]}])[0] for it in items]
    provenance = [_provenance(whence, it["program"], r) for it, r in zip(items, responses)]
    body = ['<link rel="stylesheet" href="../program.css">', '<article class="pitfalls">', "<h1>PyTorch pitfalls, element by element</h1>",
            "<p class=\"lead\">Short programs that go wrong in the classic ways, run by Whence line by line. "
            "Point at or tap any element: the elements it comes from light up at every earlier line (darker is closer), "
            "and the ones it reaches later in amber. A failing line shows PyTorch's own error. "
            "To run programs of your own, open <a href=\"../program/index.html\">the live program page</a>.</p>",
            '<p class="status" id="program-status" aria-live="polite"></p>']
    body += [_program_html(i, it, r) for i, it, r in zip(range(len(items)), items, responses)]
    body.append('</article><script src="../provenance.js"></script><script src="../program.js"></script>')
    os.makedirs(os.path.join(out_dir, "pitfalls"), exist_ok=True)
    with open(os.path.join(out_dir, "pitfalls", "index.html"), "w", encoding="utf-8") as f:
        f.write(page("\n".join(body), "PyTorch pitfalls, element by element · Whence",
                     "Classic PyTorch mistakes as short programs: every intermediate tensor, and where each element comes from.", "../"))
    with open(os.path.join(out_dir, "pitfalls", "programs.json"), "w", encoding="utf-8") as f:
        json.dump(provenance, f, separators=(",", ":"))
    return len(items)
