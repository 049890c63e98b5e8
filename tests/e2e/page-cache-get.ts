/** A page fetched from the e2e server as a visitor (or with the given headers): its status, page-cache verdict and HTML. */
export async function getPage(baseUrl: string, url: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${baseUrl}${url}`, { headers });
  return { status: response.status, cache: response.headers.get("x-page-cache"), html: await response.text() };
}
