/**
 * Test-only: SCORING.md's Task 1/2 memory-set score written out in plain
 * Python (our own reading of the spec, run by CPython), used as the oracle
 * for scoreMemorySet on random and adversarial inputs. Items that are not
 * objects are counted but never matched (our rule; the spec is silent).
 */
import { runPython } from "./python-oracle";

interface OracleResult {
  precision: number;
  recall: number;
  f1: number;
  algo: number;
  avg: number;
  pairs: [number, number, number][];
  missing: number[];
  extra: number[];
}

const ORACLE_PY = String.raw`
import re
from difflib import SequenceMatcher

def norm(v):
    if v is None:
        return ""
    s = v if isinstance(v, str) else json.dumps(v, ensure_ascii=False)
    s = s.lower().strip()
    return re.sub(r"\s+", " ", re.sub(r"[^\w\s/.\-]+", " ", s))

def label_parts(v):
    s = "" if v is None else (v if isinstance(v, str) else str(v))
    return [x for x in s.split("/") if x]

def label_sim(a, b):
    pa, pb = label_parts(a), label_parts(b)
    if not pa or not pb:
        return 0.0
    n = 0
    while n < min(len(pa), len(pb)) and pa[n] == pb[n]:
        n += 1
    return 2.0 * n / (len(pa) + len(pb))

def value_sim(a, b):
    if not a or not b:
        return 0.0
    ta = set(t for t in norm(a).split(" ") if t)
    tb = set(t for t in norm(b).split(" ") if t)
    jac = len(ta & tb) / len(ta | tb) if ta and tb else 0.0
    return 0.6 * jac + (1.0 - 0.6) * SequenceMatcher(None, norm(a), norm(b)).ratio()

def conf(v):
    try:
        f = float(v)
    except Exception:
        return 1.0
    return 0.0 if f < 0.0 else (1.0 if f > 1.0 else f)

def conf_score(a, b):
    d = abs(a - b)
    pen = d - 0.2 if d - 0.2 > 0.0 else 0.0
    s = 1.0 - (pen / 0.8 if pen > 0 else 0.0)
    return 0.0 if s < 0.0 else s

def pair(g, p):
    s = (0.4 * label_sim(g.get("label"), p.get("label")) + 0.4 * value_sim(g.get("value"), p.get("value"))
         + 0.1 * (1.0 if g.get("type") == p.get("type") else 0.0)
         + 0.1 * conf_score(conf(g.get("confidence")), conf(p.get("confidence"))))
    return 0.0 if s < 0.0 else (1.0 if s > 1.0 else s)

def score(gold, pred):
    cands = []
    for i, g in enumerate(gold):
        for j, p in enumerate(pred):
            if isinstance(g, dict) and isinstance(p, dict):
                cands.append((pair(g, p), i, j))
    cands.sort(key=lambda c: c[0], reverse=True)
    ug, up, pairs = set(), set(), []
    for s, i, j in cands:
        if s < 0.3:
            break
        if i in ug or j in up:
            continue
        ug.add(i); up.add(j); pairs.append([i, j, round(s, 4)])
    tp = len(pairs)
    P = tp / len(pred) if pred else 0.0
    R = tp / len(gold) if gold else 0.0
    F = 2 * P * R / (P + R) if P + R else 0.0
    f1 = round(F, 4)
    avg = sum(x[2] for x in pairs) / max(tp, 1)
    algo = 100.0 * 0.6 * avg + 100.0 * 0.4 * f1
    algo = 0.0 if algo < 0 else (100.0 if algo > 100 else algo)
    return {"precision": round(P, 4), "recall": round(R, 4), "f1": f1, "algo": round(algo, 4), "avg": round(avg, 4),
            "pairs": pairs, "missing": [i for i in range(len(gold)) if i not in ug],
            "extra": [j for j in range(len(pred)) if j not in up]}

result = [score(g, p) for g, p in data]
`;

export function oracleScores(cases: [unknown[], unknown[]][]): OracleResult[] {
  return runPython<OracleResult[]>(ORACLE_PY, cases);
}
