"""The pitfalls page (build/site/pitfalls/): each program of site/pitfalls.json run by the
native CLI, its steps drawn as HTML (each line of code beside its tensors, the failing line
marked), and the responses with their relations in programs.json for site/program.js, which
lights up where an element comes from (every earlier step, shaded by depth) and what it reaches.
Plain HTML: it reads without JavaScript, WebAssembly or WebGL."""
import html
import json
import os
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
        return '<span class="pyvalue">%s</span>' % html.escape(json.dumps(value))
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
    return '<figure class="grid"><table>%s</table><figcaption>%s</figcaption></figure>' % ("".join(body), label)


def _program_html(index, item, response):
    out = ['<section class="program" id="p%d" data-program="%d">' % (index, index),
           "<h2>%s</h2>" % html.escape(item["title"]), "<p>%s</p>" % html.escape(item["why"])]
    steps = {s["line"]: s for s in response["steps"]}
    error = response.get("error")
    for number, code in enumerate(item["program"].rstrip("\n").split("\n"), 1):
        step = steps.get(number)
        failing = error is not None and error["line"] == number
        tensors = ""
        if step:
            tensors = "".join(_grid(v, number, n or "") for n, v in zip(step["names"], step["results"]))
        if failing:
            tensors = '<p class="error">%s: %s</p>' % (html.escape(error["type"]), html.escape(error["message"]))
        out.append('<div class="step%s"><pre class="code"><span class="line-number">%d</span>%s</pre><div class="tensors">%s</div></div>'
                   % (" failing" if failing else "", number, html.escape(code), tensors))
    out.append('<p class="fix"><strong>Fix:</strong> %s</p>' % html.escape(item["fix"]))
    out.append("</section>")
    return "\n".join(out)


def write(out_dir, whence, page):
    """Runs every pitfall through `whence eval` and writes pitfalls/index.html and
    pitfalls/programs.json; page(body, title, description, root) wraps the body in the site's
    chrome."""
    with open(os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "site", "pitfalls.json"),
              encoding="utf-8") as f:
        items = json.load(f)
    requests = "".join(json.dumps({"id": i, "program": it["program"], "explain": True}) + "\n" for i, it in enumerate(items))
    lines = subprocess.run([whence, "eval"], input=requests, capture_output=True, text=True, check=True).stdout.splitlines()
    responses = [json.loads(l) for l in lines]
    body = ['<article class="pitfalls">', "<h1>PyTorch pitfalls, element by element</h1>",
            "<p class=\"lede\">Short programs that go wrong in the classic ways, run by Whence line by line. "
            "Point at any element: the elements it comes from light up at every earlier line (darker is closer), "
            "and so do the ones it reaches later. A failing line shows PyTorch's own error. "
            "To run programs of your own, open <a href=\"../program/index.html\">the live program page</a>.</p>",
            '<p class="status" id="program-status" aria-live="polite"></p>']
    body += [_program_html(i, it, r) for i, it, r in zip(range(len(items)), items, responses)]
    body.append('</article><script src="../provenance.js"></script><script src="../program.js"></script>')
    os.makedirs(os.path.join(out_dir, "pitfalls"), exist_ok=True)
    with open(os.path.join(out_dir, "pitfalls", "index.html"), "w", encoding="utf-8") as f:
        f.write(page("\n".join(body), "PyTorch pitfalls, element by element · Whence",
                     "Classic PyTorch mistakes as short programs: every intermediate tensor, and where each element comes from.", "../"))
    with open(os.path.join(out_dir, "pitfalls", "programs.json"), "w", encoding="utf-8") as f:
        json.dump(responses, f, separators=(",", ":"))
    return len(items)
