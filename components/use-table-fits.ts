"use client";

import { useEffect, useRef, useState } from "react";

/**
 * The header sticks to the window while the page scrolls, which needs a wrapper that does not scroll. A table
 * wider than the page (many columns, or a phone) scrolls sideways in its wrapper instead, header not sticky.
 * `fits`: the table inside the region `regionRef` is set on fits its width (kept up to date as either resizes);
 * `fitsAtFirst` what the server's HTML assumes before the browser has measured.
 */
export function useTableFits(fitsAtFirst = true) {
  const regionRef = useRef<HTMLDivElement>(null);
  const [fits, setFits] = useState(fitsAtFirst);
  useEffect(() => {
    const region = regionRef.current;
    const tableElement = region?.querySelector("table");
    if (!region || !tableElement || typeof ResizeObserver === "undefined") return;
    const check = () => setFits(tableElement.offsetWidth <= region.clientWidth + 1);
    const observer = new ResizeObserver(check);
    observer.observe(region);
    observer.observe(tableElement);
    check();
    return () => observer.disconnect();
  }, []);
  return { regionRef, fits };
}
