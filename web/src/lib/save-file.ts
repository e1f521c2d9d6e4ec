/**
 * Hands a downloaded file to the browser under `fileName`: for files fetched with the session's
 * token, which a plain link could not send.
 */
export function saveFile(file: Blob, fileName: string) {
  const url = URL.createObjectURL(file);
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  link.click();
  // The click has started the download by the next task; the URL is then no longer needed.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
