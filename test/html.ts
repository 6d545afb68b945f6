/**
 * Reading a screen rendered to HTML (renderToStaticMarkup) in the renderer's
 * tests: the text of one element found by its test id.
 */

/** The text of the element with `testId`, its tags dropped ('|' between cells), React's escapes read back, the euro's no-break space as a space; null when absent. */
export function textOfTestId(html: string, testId: string): string | null {
  const at = html.indexOf(`data-testid="${testId}"`);
  if (at < 0) return null;
  const open = html.lastIndexOf('<', at);
  const tag = /^<(\w+)/.exec(html.slice(open))![1]!;
  const close = html.indexOf(`</${tag}>`, at);
  return html
    .slice(html.indexOf('>', at) + 1, close)
    .replace(/<[^>]+>/g, '|')
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
    .replace(/\u00a0/g, ' ')
    .replace(/\|+/g, '|')
    .replace(/^\||\|$/g, '');
}
