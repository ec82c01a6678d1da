#!/usr/bin/python3
"""The benchmark's report: merges the WebAssembly run into the native results and writes the page.

    python3 scripts/bench_report.py [--results build/bench/results.json] [--wasm build/bench/wasm.json]
                                    [--site build/site]

--results  whence_bench's results (native, against libtorch); rewritten when --wasm is given
--wasm     whence_bench_wasm's results (Whence's side of the same cases, under node): each
           (case, size) gets its wasm time and wasm/native ratio (native: Whence's 1-thread time
           in --results), in a "wasm" list of --results, and the summary line gets
           ", wasm/native Z.ZZx": the geometric mean of those ratios over the cases that ran in
           both at 64 K elements or more (the sizes of the line's other numbers)
--site     the site folder: writes <site>/bench/index.html (summary, table, one chart per case)

Prints the results path and the summary line. scripts/bench runs it after both programs;
scripts/build_site imports it (page(), placeholder_page()) to write bench/index.html itself.
The page holds no script: inline SVG, styled by the site's style.css. Python standard library only.
"""
import argparse
import html
import json
import math
import os
import re
import shutil
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SITE = os.path.join(ROOT, "site")
SUMMARY_MIN_SIZE = 65536  # kernels/bench/bench_report.cpp: kSummaryMinSize


# --- merging ------------------------------------------------------------------------------------

def native_ms(results):
    """{(case, size): Whence's 1-thread milliseconds} of the rows that ran."""
    return {(r["case"], r["size"]): r["whence"]["ms"]
            for r in results["cases"] if r["status"] == "ok" and r["threads"] == 1}


def geomean(values):
    return math.exp(sum(math.log(v) for v in values) / len(values)) if values else None


def merge_wasm(results, wasm):
    """Adds results["wasm"] (one record per case and size of the WebAssembly run) and the
    wasm/native clause of the summary line. Returns the number of ratios in the clause."""
    native = native_ms(results)
    merged = []
    for w in wasm["cases"]:
        m = {k: w[k] for k in ("case", "family", "memory_bound", "size", "status") if k in w}
        if w["status"] != "ok":
            m["reason"] = w.get("reason", "")
        else:
            m["ms"] = w["ms"]
            m["samples"], m["calls"], m["stable"] = w["samples"], w["calls"], w["stable"]
            if (w["case"], w["size"]) in native:
                m["native_ms"] = native[(w["case"], w["size"])]
                m["wasm_native"] = w["ms"] / m["native_ms"]
        merged.append(m)
    results["wasm"] = merged
    ratios = [m["wasm_native"] for m in merged if "wasm_native" in m and m["size"] >= SUMMARY_MIN_SIZE]
    base = results.setdefault("summary_native", results["summary"])
    z = geomean(ratios)
    results["wasm_native_geomean"] = z
    results["summary"] = base + (", wasm/native %.2f\u00d7" % z if z is not None else "")
    return len(ratios)


# --- the page -----------------------------------------------------------------------------------

SERIES = [  # key, label, CSS class (site/style.css: .bench-s-*), dash pattern (for print and colour blindness)
    ("native", "Whence, native", "native", None),
    ("torch1", "PyTorch, 1 thread", "torch1", "6 3"),
    ("torchn", "PyTorch, all cores", "torchn", "2 3"),
    ("wasm", "Whence, WebAssembly", "wasm", "9 3 2 3"),
]


def size_label(n):
    if n >= 1 << 20 and n % (1 << 20) == 0:
        return "%dM" % (n >> 20)
    if n >= 1024 and n % 1024 == 0:
        return "%dK" % (n >> 10)
    return str(n)


def ms_text(ms):
    return "%.4f" % ms if ms < 100 else "%.1f" % ms


def ratio_text(r):
    return ("%.2f\u00d7" if r >= 0.1 else "%.2g\u00d7") % r


def tick_text(ms):
    """A decade of milliseconds as the axis shows it: 0.001, 0.1, 1, 100, 10⁴."""
    e = round(math.log10(ms))
    if -3 <= e <= 3:
        return ("%." + str(max(0, -e)) + "f") % ms
    return "10" + str(e).translate(str.maketrans("-0123456789", "\u207b\u2070\u00b9\u00b2\u00b3\u2074\u2075\u2076\u2077\u2078\u2079"))


def group(results):
    """[(case, family, {size: {"one": row, "many": row, "other": row}})] in the table's order,
    and the thread count of the all-cores rows (1 when the machine has one core)."""
    cases, order = {}, []
    threads = max([r["threads"] for r in results["cases"]] + [1])
    for r in results["cases"]:
        if r["case"] not in cases:
            cases[r["case"]] = (r["family"], {})
            order.append(r["case"])
        slot = cases[r["case"]][1].setdefault(r["size"], {})
        if r["status"] != "ok":
            slot["other"] = r
        elif r["threads"] == 1:
            slot["one"] = r
        if r["status"] == "ok" and r["threads"] == threads and threads > 1:
            slot["many"] = r
    return [(c, cases[c][0], cases[c][1]) for c in order], threads


def wasm_by_case(results):
    return {(w["case"], w["size"]): w for w in results.get("wasm", [])}


def series_points(sizes, wasm, case, threads):
    """{series key: [(size, ms)]} of one case."""
    pts = {k: [] for k, _, _, _ in SERIES}
    for size in sorted(sizes):
        slot = sizes[size]
        if "one" in slot:
            pts["native"].append((size, slot["one"]["whence"]["ms"]))
            pts["torch1"].append((size, slot["one"]["pytorch"]["ms"]))
        if "many" in slot and threads > 1:
            pts["torchn"].append((size, slot["many"]["pytorch"]["ms"]))
        w = wasm.get((case, size))
        if w and w["status"] == "ok":
            pts["wasm"].append((size, w["ms"]))
    return pts


def chart_svg(case, pts, x_range, threads):
    """One log-log chart: time (ms) against size (elements)."""
    width, height = 320, 210
    left, right, top, bottom = 50, 12, 10, 32
    pw, ph = width - left - right, height - top - bottom
    all_ms = [ms for p in pts.values() for _, ms in p]
    lo_x, hi_x = x_range
    # A margin of a tenth of the span (at least 0.15 of a decade) keeps the end points off the frame.
    lx0, lx1 = math.log10(lo_x), math.log10(hi_x)
    pad = max(0.15, (lx1 - lx0) / 10)
    lx0, lx1 = lx0 - pad, lx1 + pad
    ly0 = math.floor(math.log10(min(all_ms)))
    ly1 = math.ceil(math.log10(max(all_ms)))
    if ly1 <= ly0:
        ly1 = ly0 + 1

    def x(size):
        return left + (math.log10(size) - lx0) / (lx1 - lx0) * pw

    def y(ms):
        return top + ph - (math.log10(ms) - ly0) / (ly1 - ly0) * ph

    esc = html.escape
    out = ['<svg class="bench-svg" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 %d %d" width="%d" height="%d" '
           'role="img" aria-labelledby="%s">' % (width, height, width, height, chart_id(case))]
    out.append('<title id="%s">%s: time in ms against size in elements, both logarithmic</title>'
               % (chart_id(case), esc(case)))
    # Grid and ticks: a line per decade of time, one per measured size.
    out.append('<g class="bench-grid" fill="none" stroke="currentColor" stroke-opacity="0.15" stroke-width="1">')
    for e in range(ly0, ly1 + 1):
        out.append('<line x1="%d" y1="%.1f" x2="%d" y2="%.1f"/>' % (left, y(10.0 ** e), left + pw, y(10.0 ** e)))
    for s in x_ticks(lo_x, hi_x):
        out.append('<line x1="%.1f" y1="%d" x2="%.1f" y2="%d"/>' % (x(s), top, x(s), top + ph))
    out.append('</g>')
    out.append('<rect class="bench-frame" x="%d" y="%d" width="%d" height="%d" fill="none" stroke="currentColor" '
               'stroke-opacity="0.45"/>' % (left, top, pw, ph))
    out.append('<g class="bench-ticks" fill="currentColor" font-size="10">')
    for e in range(ly0, ly1 + 1):
        out.append('<text x="%d" y="%.1f" text-anchor="end" dominant-baseline="middle">%s</text>'
                   % (left - 5, y(10.0 ** e), esc(tick_text(10.0 ** e))))
    for s in x_ticks(lo_x, hi_x):
        out.append('<text x="%.1f" y="%d" text-anchor="middle">%s</text>' % (x(s), top + ph + 13, size_label(s)))
    out.append('<text x="%d" y="%d" text-anchor="middle" fill-opacity="0.7">elements</text>'
               % (left + pw // 2, height - 3))
    out.append('<text x="11" y="%d" text-anchor="middle" fill-opacity="0.7" transform="rotate(-90 11 %d)">ms</text>'
               % (top + ph // 2, top + ph // 2))
    out.append('</g>')
    for key, label, cls, dash in SERIES:
        p = pts[key]
        if not p:
            continue
        coords = " ".join("%.1f,%.1f" % (x(s), y(ms)) for s, ms in p)
        out.append('<g class="bench-s-%s">' % cls)
        out.append('<polyline points="%s" fill="none" stroke-width="2"%s/>'
                   % (coords, ' stroke-dasharray="%s"' % dash if dash else ""))
        for s, ms in p:
            out.append('<circle cx="%.1f" cy="%.1f" r="2.6"><title>%s, %s: %s ms</title></circle>'
                       % (x(s), y(ms), esc(label if key != "torchn" else "PyTorch, %d threads" % threads),
                          size_label(s), ms_text(ms)))
        out.append('</g>')
    out.append('</svg>')
    return "\n".join(out)


def chart_id(case):
    return "chart-" + re.sub(r"[^a-z0-9]+", "-", case.lower()).strip("-")


def x_ticks(lo, hi):
    """The sizes the benchmark measures (4 K, 64 K, 1 M, 16 M) within [lo, hi]."""
    return [s for s in (4096, 65536, 1 << 20, 1 << 24) if lo <= s <= hi] or [lo]


def legend_svg(threads):
    width, step = 680, 170
    out = ['<svg class="bench-svg bench-legend" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 %d 22" width="%d" '
           'height="22" role="img" aria-label="Legend">' % (width, width)]
    for i, (key, label, cls, dash) in enumerate(SERIES):
        if key == "torchn":
            label = "PyTorch, %d threads" % threads
        x0 = i * step
        out.append('<g class="bench-s-%s"><line x1="%d" y1="11" x2="%d" y2="11" stroke-width="2"%s/>'
                   '<circle cx="%d" cy="11" r="2.6"/></g>'
                   % (cls, x0 + 2, x0 + 30, ' stroke-dasharray="%s"' % dash if dash else "", x0 + 16))
        out.append('<text x="%d" y="11" fill="currentColor" font-size="12" dominant-baseline="middle">%s</text>'
                   % (x0 + 36, html.escape(label)))
    out.append('</svg>')
    return "\n".join(out)


def table_html(groups, wasm, threads):
    esc = html.escape
    head = ["case", "size", "Whence ms", "PyTorch ms<br>1 thread", "ratio<br>1 thread"]
    if threads > 1:
        head += ["PyTorch ms<br>%d threads" % threads, "ratio<br>%d threads" % threads]
    head += ["Whence rate", "wasm ms", "wasm/<br>native"]
    rows = ['<table class="bench-table">', "<thead><tr>" + "".join(
        '<th%s>%s</th>' % (' class="num"' if i > 1 else "", h) for i, h in enumerate(head)) + "</tr></thead>", "<tbody>"]
    for case, family, sizes in groups:
        for size in sorted(sizes):
            slot = sizes[size]
            cells = ['<td class="case">%s</td>' % esc(case), '<td class="num">%s</td>' % size_label(size)]
            w = wasm.get((case, size))
            if "one" in slot:
                one = slot["one"]
                cells.append('<td class="num">%s</td>' % ms_text(one["whence"]["ms"]))
                cells.append('<td class="num">%s</td>' % ms_text(one["pytorch"]["ms"]))
                cells.append('<td class="num">%s</td>' % ratio_text(one["ratio"]))
                if threads > 1:
                    many = slot.get("many")
                    cells.append('<td class="num">%s</td>' % (ms_text(many["pytorch"]["ms"]) if many else "-"))
                    cells.append('<td class="num">%s</td>' % (ratio_text(many["ratio"]) if many else "-"))
                if "flops" in one:
                    rate = "%.2f GFLOP/s" % one["whence_gflop_s"]
                else:
                    rate = "%.2f GB/s" % one["whence_gb_s"]
                cells.append('<td class="num">%s</td>' % rate)
            else:
                other = slot.get("other", {})
                span = 6 if threads > 1 else 4
                status = "skipped" if other.get("status") == "skipped" else "MISMATCH"
                cells.append('<td class="reason" colspan="%d">%s: %s</td>'
                             % (span, status, esc(other.get("reason", ""))))
            if w is None:
                cells += ['<td class="num">-</td>', '<td class="num">-</td>']
            elif w["status"] != "ok":
                cells.append('<td class="reason" colspan="2">skipped: %s</td>' % esc(w.get("reason", "")))
            else:
                cells.append('<td class="num">%s</td>' % ms_text(w["ms"]))
                cells.append('<td class="num">%s</td>' % (ratio_text(w["wasm_native"]) if "wasm_native" in w else "-"))
            rows.append("<tr>" + "".join(cells) + "</tr>")
    rows += ["</tbody>", "</table>"]
    return "\n".join(rows)


def base_page(body, title, description, root):
    """site/templates/base.html around `body` (as scripts/build_site's page())."""
    with open(os.path.join(SITE, "templates", "base.html"), encoding="utf-8") as f:
        template = f.read()
    values = {"title": html.escape(title), "description": html.escape(description), "root": root, "body": body,
              "head": ""}
    return re.sub(r"\{\{(\w+)\}\}", lambda m: values[m.group(1)], template)


TITLE = "Benchmarks: Whence against libtorch · Whence"
DESCRIPTION = "Whence's kernels timed against libtorch natively, and in WebAssembly under node."


def page(results):
    """bench/index.html for the results of scripts/bench."""
    groups, threads = group(results)
    wasm = wasm_by_case(results)
    sizes = [s for _, _, by_size in groups for s in by_size]
    x_range = (min(sizes), max(sizes)) if sizes else (4096, 4096)
    charts = []
    for case, family, by_size in groups:
        pts = series_points(by_size, wasm, case, threads)
        if not any(pts.values()):
            continue
        charts.append('<figure class="bench-chart"><figcaption><span class="name">%s</span>'
                      '<span class="family">%s</span></figcaption>\n%s\n</figure>'
                      % (html.escape(case), html.escape(family), chart_svg(case, pts, x_range, threads)))
    wasm_note = ("" if "wasm" in results else
                 " This run left WebAssembly out (<code>--no-wasm</code>).")
    body = """<div class="bench-page">
<h1>Benchmarks</h1>
<p class="lead">Whence's compute path (the registry's <code>run</code>, one thread) against libtorch
on the same float32 tensors, natively, and the same cases in WebAssembly under node.</p>
<p class="bench-summary"><code>%s</code></p>
<p class="note">Each time is the least of one call over repeated batches. ratio = PyTorch time / Whence
time (above 1: Whence is faster); wasm/native = WebAssembly time / native time of Whence (above 1:
WebAssembly is slower). The summary's numbers are over the sizes from 64 K elements up. Measured on
the machine that built this site by <code>bash scripts/bench</code>, which writes this page.%s
<a href="#charts">Charts</a> · <a href="#table">Table</a></p>

<h2 id="charts">Time against size</h2>
<div class="bench-legend-row">%s</div>
<div class="bench-charts">
%s
</div>

<h2 id="table">Table</h2>
<div class="bench-table-wrap">
%s
</div>
</div>""" % (html.escape(results.get("summary", "")), wasm_note, legend_svg(threads), "\n".join(charts),
             table_html(groups, wasm, threads))
    return base_page(body, TITLE, DESCRIPTION, "../")


def placeholder_page():
    """bench/index.html when build/bench/results.json does not exist."""
    body = """<div class="bench-page">
<h1>Benchmarks</h1>
<p class="lead">No benchmark results come with the repository, and none were measured for this build.</p>
<p class="note">To measure Whence against libtorch (natively, and in WebAssembly under node) on
this machine, run</p>
<pre><code>bash scripts/bench</code></pre>
<p class="note">It writes <code>build/bench/results.json</code> and this page; <code>scripts/build_site</code>
keeps the page from then on.</p>
</div>"""
    return base_page(body, TITLE, DESCRIPTION, "../")


def write_page(site, text):
    path = os.path.join(site, "bench", "index.html")
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)
    # The page links ../style.css and ../theme.js: a site folder that scripts/build_site has
    # not filled yet gets those alone (build_site replaces the folder as a whole).
    for name in ("style.css", "theme.js"):
        if not os.path.exists(os.path.join(site, name)):
            shutil.copy(os.path.join(SITE, name), os.path.join(site, name))
    return path


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--results", default=os.path.join(ROOT, "build", "bench", "results.json"))
    parser.add_argument("--wasm", default=None)
    parser.add_argument("--site", default=os.path.join(ROOT, "build", "site"))
    args = parser.parse_args()

    with open(args.results, encoding="utf-8") as f:
        results = json.load(f)
    if args.wasm:
        with open(args.wasm, encoding="utf-8") as f:
            wasm = json.load(f)
        if merge_wasm(results, wasm) == 0:
            print("bench: no case ran both natively and in WebAssembly at 64K elements or more: no wasm/native")
        with open(args.results, "w", encoding="utf-8") as f:
            json.dump(results, f, indent=1, ensure_ascii=False)
            f.write("\n")
    path = write_page(args.site, page(results))
    print("\nresults: %s\nreport: %s\n%s" % (os.path.relpath(args.results), os.path.relpath(path), results["summary"]))


if __name__ == "__main__":
    main()
