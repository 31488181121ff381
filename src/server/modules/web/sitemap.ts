/** Text for XML: the five characters that could end a value or open markup, escaped. */
function escapeXml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;')
}

/**
 * The sitemap protocol (sitemaps.org): the home page, the clube's page while a plan is on sale,
 * every product on sale, the BNCC's index, then the page of each skill some material on sale
 * teaches (the index links to those only).
 */
export function sitemapXml(
  baseUrl: string,
  products: ReadonlyArray<{ id: number; updatedAt: Date }>,
  clubeOnSale = false,
  skillCodes: readonly string[] = [],
): string {
  const newest = products.reduce<Date | null>(
    (latest, p) => (latest === null || p.updatedAt > latest ? p.updatedAt : latest),
    null,
  )
  const url = (loc: string, lastmod: Date | null) =>
    `<url><loc>${escapeXml(loc)}</loc>${lastmod ? `<lastmod>${lastmod.toISOString()}</lastmod>` : ''}</url>`
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    url(`${baseUrl}/`, newest),
    ...(clubeOnSale ? [url(`${baseUrl}/clube`, null)] : []),
    ...products.map((p) => url(`${baseUrl}/produto/${p.id}`, p.updatedAt)),
    url(`${baseUrl}/bncc`, null),
    ...skillCodes.map((code) => url(`${baseUrl}/bncc/${code}`, null)),
    '</urlset>',
    '',
  ].join('\n')
}

/**
 * Crawlers may read the store and its product pictures (a search result shows them); the
 * administration and the API are not for them. The longer `Allow` lines win over `/api/`.
 */
export function robotsTxt(baseUrl: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    'Allow: /api/products/*/image',
    'Allow: /api/products/*/additional-image/',
    'Allow: /api/products/*/share.jpg',
    'Disallow: /admin',
    // Shared lists of favourites: public to whoever holds the link, not to search results.
    'Disallow: /lista/',
    'Disallow: /api/',
    '',
    `Sitemap: ${baseUrl}/sitemap.xml`,
    '',
  ].join('\n')
}
