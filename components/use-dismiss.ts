import { useEffect, type RefObject } from "react";

/**
 * While `active`, Escape or a pointer press outside `root` closes a menu: `close(true)` after Escape (the caller
 * gives the focus back to the menu's button), `close(false)` after a press elsewhere.
 */
export function useDismiss(root: RefObject<HTMLElement | null>, active: boolean, close: (escape: boolean) => void) {
  useEffect(() => {
    if (!active) return;
    const onEvent = (event: Event) => {
      const escape = event instanceof KeyboardEvent;
      if (escape ? event.key === "Escape" : !root.current?.contains(event.target as Node)) close(escape);
    };
    document.addEventListener("keydown", onEvent);
    document.addEventListener("pointerdown", onEvent);
    return () => {
      document.removeEventListener("keydown", onEvent);
      document.removeEventListener("pointerdown", onEvent);
    };
  }, [active, root, close]);
}
