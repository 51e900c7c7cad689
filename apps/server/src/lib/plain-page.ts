/** Text made safe to place in HTML, in an element or a quoted attribute. */
export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/**
 * The frame of the few pages the server writes itself (the development mailbox, the demo
 * checkout, the refusal of a demo behind a proxy): plainly this server's own, never
 * indexed, styled by its own small stylesheet. `title` is text; `style` and `body` are
 * HTML the caller made safe.
 */
export function plainPage(page: { lang: string; title: string; style: string; body: string }) {
  return `<!doctype html>
<html lang="${escapeHtml(page.lang)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(page.title)}</title>
<style>
${page.style}
</style>
</head>
<body>
<main>
${page.body}
</main>
</body>
</html>
`;
}
