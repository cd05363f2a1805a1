// Reads a PDF from stdin and prints its text as JSON: `{pages: [text of page 1, ...]}`. Tests run it as a child
// process: pdfjs-dist is ESM only, and jest's module system is not. Each page's text items joined by spaces.
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

const chunks = [];
for await (const chunk of process.stdin) chunks.push(chunk);
const data = new Uint8Array(Buffer.concat(chunks));
const document = await getDocument({ data, useSystemFonts: false, isEvalSupported: false, verbosity: 0 }).promise;
const pages = [];
for (let number = 1; number <= document.numPages; number += 1) {
  const page = await document.getPage(number);
  const content = await page.getTextContent();
  pages.push(
    content.items
      .map((item) => ('str' in item ? item.str : ''))
      .join(' ')
      .replace(/\s+/g, ' ')
      .trim(),
  );
}
await document.destroy();
process.stdout.write(JSON.stringify({ pages }));
