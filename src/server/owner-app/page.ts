/**
 * The app's one page: every route under `/app/` answers it, so a view can be linked and reloaded
 * (the script reads the path). Static markup only, no inline script or style: it runs under a
 * strict Content-Security-Policy.
 */
export function appPage(): string {
  return `<!doctype html>
<html lang="ru">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Call tracking</title>
<link rel="stylesheet" href="/app/app.css">
<link rel="stylesheet" href="/app/uplot.css">
<script type="module" src="/app/app.js"></script>
</head>
<body>
<div id="app"></div>
<noscript>This app needs JavaScript.</noscript>
</body>
</html>
`;
}

/** Same origin only; the API answers from this server; no inline code; no framing. */
export const PAGE_HEADERS: Record<string, string> = {
  'Content-Security-Policy':
    "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self' data:; media-src 'self' https: http:; base-uri 'none'; form-action 'self'; frame-ancestors 'none'",
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'same-origin',
  'Cache-Control': 'no-cache',
};
