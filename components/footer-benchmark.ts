/** A hosted benchmark's attribution as the footer shows it (plain data: the footer runs in the browser too). */
export interface FooterCredit {
  id: string;
  title: string;
  citation: string;
  dataLicence: string;
  codeLicence: string;
  url: string;
}

/**
 * The benchmark whose attribution the footer owes on a page: a module's pages (`/benchmarks/<id>/…`) credit that
 * module's authors and licence; every other page is AlpsBench's (null). An unknown id is AlpsBench's too: the
 * page answers 404 and credits nobody else's data.
 */
export function footerBenchmarkFor(pathname: string, credits: readonly FooterCredit[]): FooterCredit | null {
  const id = /^\/benchmarks\/([^/?#]+)/.exec(pathname)?.[1];
  if (!id) return null;
  return credits.find((c) => c.id === decodeURIComponent(id)) ?? null;
}

/** Licence deeds by their SPDX id, for a link beside the licence's name. */
export const LICENCE_URLS: Readonly<Record<string, string>> = {
  "CC-BY-4.0": "https://creativecommons.org/licenses/by/4.0/",
  "ODC-BY-1.0": "https://opendatacommons.org/licenses/by/1-0/",
  "Apache-2.0": "https://www.apache.org/licenses/LICENSE-2.0",
};
