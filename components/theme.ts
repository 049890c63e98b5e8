/**
 * Theme preference: "light" | "dark" | "system", stored in localStorage under THEME_STORAGE_KEY.
 * The resolved theme is a `dark` class on <html> (app/globals.css: @custom-variant dark) plus
 * `color-scheme`, so native controls and scrollbars follow.
 */
export type ThemePreference = "light" | "dark" | "system";

export const THEME_STORAGE_KEY = "alpsbench-theme";
/** Fired on window when the preference changes in this tab (the storage event covers other tabs). */
export const THEME_CHANGE_EVENT = "alpsbench-theme-change";

function parseThemePreference(value: unknown): ThemePreference {
  return value === "light" || value === "dark" ? value : "system";
}

/**
 * Runs before first paint (inline, blocking, in <head>): resolves the stored preference and keeps following
 * the OS setting while the preference is "system". Kept in ES5 and small; it must never throw (private mode,
 * storage disabled), hence the try/catch. The logic mirrors applyThemePreference below.
 */
export const THEME_INIT_SCRIPT = `(function(){try{var k=${JSON.stringify(THEME_STORAGE_KEY)},d=document.documentElement,m=window.matchMedia("(prefers-color-scheme: dark)");function a(){var t=null;try{t=localStorage.getItem(k)}catch(e){}var p=t==="light"||t==="dark"?t:"system";var dk=p==="dark"||(p==="system"&&m.matches);d.classList.toggle("dark",dk);d.style.colorScheme=dk?"dark":"light";d.setAttribute("data-theme",p)}a();if(m.addEventListener){m.addEventListener("change",a)}else if(m.addListener){m.addListener(a)}window.addEventListener("storage",function(e){if(e.key===k)a()});window.addEventListener(${JSON.stringify(THEME_CHANGE_EVENT)},a)}catch(e){}})();`;

export function readThemePreference(): ThemePreference {
  try {
    return parseThemePreference(window.localStorage.getItem(THEME_STORAGE_KEY));
  } catch {
    return "system";
  }
}

/** Stores the preference and applies it now (the init script also re-applies on THEME_CHANGE_EVENT). */
export function setThemePreference(preference: ThemePreference): void {
  try {
    if (preference === "system") window.localStorage.removeItem(THEME_STORAGE_KEY);
    else window.localStorage.setItem(THEME_STORAGE_KEY, preference);
  } catch {
    // storage unavailable: the choice still applies for this page view
  }
  applyThemePreference(preference);
  window.dispatchEvent(new Event(THEME_CHANGE_EVENT));
}

function applyThemePreference(preference: ThemePreference): void {
  const root = document.documentElement;
  const dark = preference === "dark" || (preference === "system" && window.matchMedia("(prefers-color-scheme: dark)").matches);
  root.classList.toggle("dark", dark);
  root.style.colorScheme = dark ? "dark" : "light";
  root.setAttribute("data-theme", preference);
}
