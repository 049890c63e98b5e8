"use client";

import { useSyncExternalStore, type ReactNode } from "react";
import { THEME_CHANGE_EVENT, THEME_STORAGE_KEY, readThemePreference, setThemePreference, type ThemePreference } from "./theme";

function subscribe(onChange: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === THEME_STORAGE_KEY) onChange();
  };
  window.addEventListener(THEME_CHANGE_EVENT, onChange);
  window.addEventListener("storage", onStorage);
  return () => {
    window.removeEventListener(THEME_CHANGE_EVENT, onChange);
    window.removeEventListener("storage", onStorage);
  };
}

// The server cannot know the stored preference: it renders no option as pressed, and the client fills it in
// right after hydration (useSyncExternalStore switches from the server snapshot without a mismatch).
const getServerSnapshot = (): ThemePreference | null => null;

const OPTIONS: { value: ThemePreference; label: string; icon: ReactNode }[] = [
  {
    value: "light",
    label: "Light theme",
    icon: (
      <svg aria-hidden="true" width="16" height="16" viewBox="0 0 16 16" fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round">
        <circle cx="8" cy="8" r="3" />
        <path d="M8 1.5v1.5M8 13v1.5M1.5 8H3M13 8h1.5M3.4 3.4l1 1M11.6 11.6l1 1M3.4 12.6l1-1M11.6 4.4l1-1" />
      </svg>
    ),
  },
  {
    value: "dark",
    label: "Dark theme",
    icon: (
      <svg aria-hidden="true" width="16" height="16" viewBox="0 0 16 16" fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinejoin="round">
        <path d="M13.5 9.6A5.6 5.6 0 0 1 6.4 2.5a5.6 5.6 0 1 0 7.1 7.1z" />
      </svg>
    ),
  },
  {
    value: "system",
    label: "System theme",
    icon: (
      <svg
        aria-hidden="true"
        width="16"
        height="16"
        viewBox="0 0 16 16"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.5"
        strokeLinejoin="round"
        strokeLinecap="round"
      >
        <rect x="1.75" y="2.5" width="12.5" height="8.5" rx="1.25" />
        <path d="M5.5 14h5M8 11v3" />
      </svg>
    ),
  },
];

/** Three pressed-state buttons: light, dark, follow the system. */
export function ThemeToggle() {
  const current = useSyncExternalStore(subscribe, readThemePreference, getServerSnapshot);
  return (
    <div role="group" aria-label="Colour theme" className="inline-flex items-center rounded-full border border-line bg-surface p-0.5">
      {OPTIONS.map((option) => {
        const pressed = current === option.value;
        return (
          <button
            key={option.value}
            type="button"
            aria-pressed={pressed}
            title={option.label}
            onClick={() => setThemePreference(option.value)}
            className={`inline-flex size-7 items-center justify-center rounded-full transition-colors ${
              pressed ? "bg-accent-soft text-accent" : "text-fg-muted hover:bg-surface-hover hover:text-fg"
            }`}
          >
            {option.icon}
            <span className="sr-only">{option.label}</span>
          </button>
        );
      })}
    </div>
  );
}
