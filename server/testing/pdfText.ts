/** The text of a PDF, page by page, as pdfjs-dist reads it (in a child process: readPdfText.mjs). */
import { spawn } from 'node:child_process';
import path from 'node:path';

const SCRIPT = path.join(__dirname, 'readPdfText.mjs');

export function pdfText(bytes: Uint8Array): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [SCRIPT], { stdio: ['pipe', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => err.push(chunk));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0) {
        reject(new Error(`readPdfText.mjs exited with ${String(code)}: ${Buffer.concat(err).toString('utf8')}`));
        return;
      }
      resolve((JSON.parse(Buffer.concat(out).toString('utf8')) as { pages: string[] }).pages);
    });
    child.stdin.end(Buffer.from(bytes));
  });
}
