// Saves text written in the browser as a file: CSV exports and the sites' upload files.
export function downloadText(name: string, text: string, type = 'text/csv;charset=utf-8'): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Revoked late: a busy browser may start reading the blob well after the click.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
