import { THEME_INIT_SCRIPT } from "./theme";

/**
 * Put inside <head> in app/layout.tsx, and give <html> `suppressHydrationWarning`: this script sets the
 * `dark` class, `data-theme` and `color-scheme` on <html> before React hydrates, so the first paint already
 * has the right theme (no flash). A server component on purpose: the script is in the HTML and runs while
 * the page is parsed.
 */
export function ThemeScript({ nonce }: { nonce?: string }) {
  return <script nonce={nonce} dangerouslySetInnerHTML={{ __html: THEME_INIT_SCRIPT }} />;
}
