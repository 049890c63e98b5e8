import type { StoredMatch } from "@/lib/benchmarks/alpsbench/read/queries/submission-instance-results";
import type { MemoryItemView } from "@/lib/benchmarks/alpsbench/read/queries/submission-instance-view";
import { describeGoldFate, describePredFate } from "@/lib/benchmarks/alpsbench/scoring/describe-fate";
import type { MatchExplanation } from "@/lib/benchmarks/alpsbench/scoring/explain-match";
import type { PairParts } from "@/lib/benchmarks/alpsbench/scoring/match-fates";

const num = (v: number) => v.toFixed(4);

/** Item and its fate side by side on wide screens, stacked on phones. */
// short classes (app/globals.css, .mx-*): these are written once per item of every instance on the page, twice
// (HTML and the page's flight payload); the utility strings were a sixth of a submission page
const ROW = "mx-row";

function Components({ pair }: { pair: Pick<PairParts, "label" | "value" | "type" | "confidence" | "score"> }) {
  return (
    <span className="mx-pair" title="pair score = 0.4·label + 0.4·value + 0.1·type + 0.1·confidence">
      label {num(pair.label)} · value {num(pair.value)} · type {pair.type} · conf {num(pair.confidence)} →{" "}
      <span className="font-semibold text-fg">{num(pair.score)}</span>
    </span>
  );
}

function Item({ item, index, prefix }: { item: MemoryItemView; index: number; prefix: string }) {
  return (
    <div className="min-w-0">
      <p className="text-fg">
        <span className="mx-key">
          {prefix}#{index + 1}
          {item.id ? ` ${item.id}` : ""}
        </span>
        {item.value || <span className="text-fg-subtle">(no value)</span>}
      </p>
      <p className="mx-note">
        {item.label || "(no label)"} · {item.type || "(no type)"}
        {item.confidence ? ` · confidence ${item.confidence}` : ""}
      </p>
    </div>
  );
}

/** Which gold item matched which prediction, and why the others did not (SCORING.md step 7, threshold 0.30). */
export function MatchExplanationView({ gold, pred, match }: { gold: MemoryItemView[]; pred: MemoryItemView[]; match: MatchExplanation }) {
  if (match.skipped) {
    return (
      <p className="text-sm text-fg-muted">
        Too many items to explain pair by pair here ({gold.length} gold × {pred.length} predicted); the metrics above are the scorer&apos;s.
      </p>
    );
  }
  return (
    <div className="space-y-3" data-testid="match-explanation">
      {!match.consistent ? (
        <p role="alert" className="rounded border border-tier-reported-line bg-tier-reported-bg px-2 py-1 text-sm text-tier-reported-fg">
          This explanation does not agree with the scorer&apos;s matching: please report it.
        </p>
      ) : null}
      <p className="text-xs text-fg-muted">
        Greedy one-to-one matching: every gold × prediction pair is scored (0.4·label + 0.4·value + 0.1·type + 0.1·confidence), pairs are taken best first, and none
        under {match.threshold.toFixed(2)} is accepted. {match.result.tp} of {match.result.nGold} gold items matched, {match.result.nPred - match.result.tp} extra
        predictions; mean pair score {num(match.result.avgPairScore)}.
      </p>
      <div className="text-sm">
        <h4 className="pb-1 text-xs font-medium tracking-wide text-fg-muted uppercase">Gold items</h4>
        <ul data-testid="gold-items">
          {gold.map((item, i) => {
            const fate = match.gold[i];
            const matched = fate?.kind === "matched";
            return (
              <li key={i} className={ROW} data-fate={fate?.kind}>
                <div className="min-w-0">
                  <Item item={item} index={i} prefix="gold" />
                </div>
                <div className="min-w-0">
                  <p className={matched ? "text-tier-verified-fg" : "text-tier-reported-fg"}>{fate ? describeGoldFate(fate, match.threshold) : "–"}</p>
                  {fate?.kind === "matched" ? (
                    <>
                      {pred[fate.pair.predIndex] ? <Item item={pred[fate.pair.predIndex]!} index={fate.pair.predIndex} prefix="pred" /> : null}
                      <Components pair={fate.pair} />
                    </>
                  ) : fate?.kind === "below_threshold" || fate?.kind === "taken" ? (
                    <Components pair={fate.best} />
                  ) : null}
                </div>
              </li>
            );
          })}
        </ul>
      </div>
      {match.pred.some((f) => f.kind !== "matched") ? (
        <div className="text-sm">
          <h4 className="pb-1 text-xs font-medium tracking-wide text-fg-muted uppercase">Extra predictions</h4>
          <ul data-testid="extra-items">
            {match.pred.map((fate, j) =>
              fate.kind === "matched" ? null : (
                <li key={j} className={ROW} data-fate={fate.kind}>
                  <div className="min-w-0">{pred[j] ? <Item item={pred[j]!} index={j} prefix="pred" /> : null}</div>
                  <div className="min-w-0">
                    <p className="text-tier-reported-fg">{describePredFate(fate, match.threshold)}</p>
                    {fate.kind === "below_threshold" || fate.kind === "taken" ? <Components pair={fate.best} /> : null}
                  </div>
                </li>
              ),
            )}
          </ul>
        </div>
      ) : null}
    </div>
  );
}

/** When the submitted items are not shown (not stored, too many, or not the viewer's), the matching as the worker recorded it. */
export function StoredMatchView({ gold, stored, why }: { gold: MemoryItemView[]; stored: StoredMatch; why: string }) {
  const byGold = new Map(stored.pairs.map((p) => [p.goldIndex, p]));
  return (
    <div className="space-y-2" data-testid="stored-match">
      <p className="text-xs text-fg-muted">
        {why}; this is the matching as recorded when it was scored ({stored.pairs.length} of {gold.length} gold items matched
        {stored.nPred !== null ? `, ${stored.nPred - stored.pairs.length} extra predictions` : ""}).
      </p>
      <div className="text-sm">
        <ul>
          {gold.map((item, i) => {
            const pair = byGold.get(i);
            return (
              <li key={i} className={ROW}>
                <div className="min-w-0">
                  <Item item={item} index={i} prefix="gold" />
                </div>
                <div className="min-w-0">
                  {pair ? (
                    <>
                      <p className="text-tier-verified-fg">matched prediction #{pair.predIndex + 1}</p>
                      <Components pair={pair} />
                    </>
                  ) : (
                    <p className="text-tier-reported-fg">missed: no prediction reached 0.30 that was still free</p>
                  )}
                </div>
              </li>
            );
          })}
        </ul>
      </div>
    </div>
  );
}
