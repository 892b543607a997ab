/** Saving a file the page made (snapshot export, clip export). */

/** Hands `file` to the browser as a download named `name`. */
export function download(file: Blob, name: string): void {
  const url = URL.createObjectURL(file)
  const a = document.createElement('a')
  a.href = url
  a.download = name
  document.body.append(a)
  a.click()
  a.remove()
  // GOTCHA: not at once: the browser reads a big file after click() returns, and a revoked URL
  // cancels the download (a 700 MB export of two 1,000,000-agent snapshots did)
  setTimeout(() => URL.revokeObjectURL(url), 60_000)
}

/** "20261122-100000": local date and time for a file name. */
export function fileTimeStamp(now = new Date()): string {
  const p = (v: number) => String(v).padStart(2, '0')
  return `${now.getFullYear()}${p(now.getMonth() + 1)}${p(now.getDate())}-${p(now.getHours())}${p(now.getMinutes())}${p(now.getSeconds())}`
}
