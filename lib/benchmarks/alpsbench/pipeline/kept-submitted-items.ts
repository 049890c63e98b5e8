/**
 * The submitted memory items of one Task 1/2 instance, kept beside its scores (InstanceResult.detail.pred), so
 * the submission page can explain an instance to its owner by reading that one row: the uploaded file itself is
 * never decoded for a page (a 34 MB upload took 24 s and 75 MB of HTML when it was).
 *
 * Bounded: a row with more items or more bytes than below keeps only the count (`predOmitted`), and its
 * explanation shows the matching as recorded instead. The uploaded file stays the full record.
 */
export const KEPT_ITEMS_MAX = 200;
export const KEPT_ITEMS_MAX_BYTES = 64 * 1024;

type KeptItems = { pred: unknown[] } | { predOmitted: number };

export function keptSubmittedItems(items: readonly unknown[]): KeptItems {
  if (items.length > KEPT_ITEMS_MAX) return { predOmitted: items.length };
  const bytes = JSON.stringify(items).length;
  return bytes > KEPT_ITEMS_MAX_BYTES ? { predOmitted: items.length } : { pred: [...items] };
}
