/**
 * Saves a file the panel holds through the browser's download: a Blob's object URL clicked as an `<a download>`.
 * It works inside the host's iframe (a sandboxed one needs `allow-downloads`, docs/host-protocol.md) and needs no
 * address the session would have to travel in.
 */

/** The object URL outlives the click a moment: some browsers read it after the click returns. */
const REVOKE_AFTER_MS = 1000;

export function saveFile(content: BlobPart, type: string, fileName: string): void {
  const url = URL.createObjectURL(new Blob([content], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), REVOKE_AFTER_MS);
}

/** The bytes of base64 text (an API answer's file). */
export function base64Bytes(base64: string): Uint8Array<ArrayBuffer> {
  return Uint8Array.from(atob(base64), (character) => character.charCodeAt(0));
}
