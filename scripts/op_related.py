"""The "Related ops" of an op page, derived by rules from `whence ops` (no hand-written lists).

Two ops are related when they belong to kindred families (the same family, or the pairs in KIN)
and score at least MIN_SCORE:
    3  a shared stem: one short name holds the other (sum / nansum / cumsum), or they share a
       word of three letters or more (index_select / index_add, scatter / masked_scatter)
    2  the same positional argument types (gather(Tensor, int, Tensor) / index_select), or 1
       where that signature is common in the family (more than a tenth of it, at least 4 ops:
       66 elementwise ops are (Tensor, Tensor|Number))
    1  most of the positional argument types in common (gather / scatter_add), when neither
       signature is common
    1  most of the positional argument names in common (dim, index), GENERIC names left out
Evidence that most ops share is no evidence: where(condition, input, other) once scored 2
with add, sub and rsub from (input, other) alone.
An op page lists the best MAX_RELATED, best first, then in `whence ops` order; an op with fewer
than MIN_RELATED such ops gets ops of its own family that score 1 besides. PAIRS, an op and
its inverse that the rules rank no higher than their neighbours, come first.
Python standard library only.
"""
import collections

MIN_SCORE = 2
MAX_RELATED = 6
MIN_RELATED = 3
PAIRS = {("torch.gather", "torch.scatter"), ("torch.take", "torch.put")}
# Families that read as one topic although they are different families:
# gather (its own family, alone in it) picks what scatter and index_select write or pick.
KIN = {("gather", "select")}
PREFIXES = ("torch.nn.functional.", "torch.linalg.", "torch.special.", "torch.Tensor.", "torch.")
COMMON_WORDS = {"nn", "functional", "tensor"}
GENERIC_NAMES = {"input", "other", "self"}  # nearly every op's first arguments


def short(name):
    for p in PREFIXES:
        if name.startswith(p):
            name = name[len(p):]
            break
    return name.strip("_")


def words(name):
    return {w for w in short(name).split("_") if len(w) >= 3 and w not in COMMON_WORDS}


def positional(op):
    return [p for p in op.get("params", []) if not p.get("keyword_only")]


def overlap(a, b):
    """Multiset Jaccard similarity of two lists."""
    ca, cb = collections.Counter(a), collections.Counter(b)
    union = sum((ca | cb).values())
    return sum((ca & cb).values()) / union if union else 0.0


def kindred(fa, fb):
    return fa == fb or (fa, fb) in KIN or (fb, fa) in KIN


def types(op):
    return tuple(p["type"] for p in positional(op))


def common_signatures(ops):
    """{(family, positional types)} held by more than a tenth of the family's ops (and at least 4)."""
    per_family = collections.Counter(op["family"] for op in ops)
    counts = collections.Counter((op["family"], types(op)) for op in ops)
    return {key for key, n in counts.items() if n > max(3, per_family[key[0]] // 10)}


def score(a, b, common=frozenset()):
    sa, sb = short(a["names"][0]), short(b["names"][0])
    s = 0
    if (len(sa) >= 3 and sa in sb) or (len(sb) >= 3 and sb in sa) or words(sa) & words(sb):
        s += 3
    ta, tb = types(a), types(b)
    rare_a, rare_b = (a["family"], ta) not in common, (b["family"], tb) not in common
    if ta and ta == tb:
        s += 2 if rare_a else 1
    elif rare_a and rare_b and overlap(ta, tb) >= 0.6:
        s += 1
    na = [p["name"] for p in positional(a) if p["name"] not in GENERIC_NAMES]
    nb = [p["name"] for p in positional(b) if p["name"] not in GENERIC_NAMES]
    if na and nb and overlap(na, nb) >= 0.5:
        s += 1
    return s


def related(ops):
    """{canonical name: [canonical names of related ops]}."""
    out = {}
    common = common_signatures(ops)
    for i, a in enumerate(ops):
        scored = []
        for j, b in enumerate(ops):
            if i == j or not kindred(a["family"], b["family"]):
                continue
            s = score(a, b, common)
            pair = (a["names"][0], b["names"][0])
            if pair in PAIRS or pair[::-1] in PAIRS:
                s = 100
            if s >= MIN_SCORE or (s >= 1 and a["family"] == b["family"]):
                scored.append((-s, j, b["names"][0]))
        scored.sort()
        strong = [x for x in scored if -x[0] >= MIN_SCORE]
        chosen = strong if len(strong) >= MIN_RELATED else scored
        out[a["names"][0]] = [name for _, _, name in chosen[:MAX_RELATED]]
    return out
