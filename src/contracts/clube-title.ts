// Apart from subscriptions.ts, whose schemas bring zod: the home page's header and footer name
// the plan on sale, and zod is not in the home page's first load.

/** A plan's title: 'Clube {nome}', unless its name already says clube ('Clube Alfabetizar'). */
export const clubeTitle = (name: string) =>
  /^clube\b/i.test(name.trim()) ? name.trim() : `Clube ${name.trim()}`
