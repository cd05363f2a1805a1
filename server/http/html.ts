/** Escaping for the two places the servers write into HTML: text and JSON inside a script element. */

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/**
 * JSON that is safe inside a `<script>` element: `<` can't close the tag or open a comment, `>` and `&` can't
 * form markup, and the two line separators JavaScript once treated as line ends are escaped too.
 */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
