/** Pure formatting for the order page (tested in format.test.ts). */

/** 47 digits as the bank apps print them: 00190.00009 01234.567890 12345.678901 2 12340000012345. */
export function formatBoletoLine(line: string): string {
  const d = line.replace(/\D/g, '')
  if (d.length !== 47) return line
  return `${d.slice(0, 5)}.${d.slice(5, 10)} ${d.slice(10, 15)}.${d.slice(15, 21)} ${d.slice(21, 26)}.${d.slice(26, 32)} ${d[32]} ${d.slice(33)}`
}

const two = (n: number) => String(n).padStart(2, '0')

/** 29:59 under an hour, 23:59:59 (up to 47:59:59) under two days, then '3 dias e 03:10:00'. */
export function formatCountdown(seconds: number): string {
  const m = Math.floor((seconds % 3600) / 60)
  const s = seconds % 60
  if (seconds < 3600) return `${two(m)}:${two(s)}`
  if (seconds < 2 * 86_400) return `${two(Math.floor(seconds / 3600))}:${two(m)}:${two(s)}`
  const days = Math.floor(seconds / 86_400)
  return `${days} dias e ${two(Math.floor((seconds % 86_400) / 3600))}:${two(m)}:${two(s)}`
}
