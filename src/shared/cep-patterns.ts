/** Zip rule patterns of shipping options (no zod: the buyer chunk may use it). */
import { onlyDigits } from './br'

// ---------------------------------------------------------------------------------------------------------------
// CEP zone patterns
//
// A zip rule's `zipCodePattern` is a list of terms separated by commas (or semicolons / line breaks). A term is:
//   * `69*`, `690*`, `01310-1*` a prefix wildcard: every CEP starting with those digits (punctuation ignored);
//     a bare `*` matches every CEP, and a bare number shorter than 8 digits (`69`) is read as a prefix too;
//   * `01310-100` or `01310100` one exact CEP;
//   * `01000000-05999999`, `01000-000-05999-999`, `01000..05999` an inclusive range. Bounds may be full CEPs or
//     prefixes of the same length: a prefix lower bound is padded with 0s and an upper one with 9s, so `69000-69999`
//     covers 69000-000 to 69999-999.
// When several rules of one option match a CEP, the MOST SPECIFIC rule wins: the one whose matching term covers the
// fewest CEPs (an exact CEP beats a range, `699*` beats `69*`); equal coverage goes to the rule listed first. So the
// order of the rules does not matter for overlapping zones ("Norte 69*" with "Acre 69900000-69999999").

export interface CepTerm {
  from: number
  to: number
}

const CEP_MAX = 99_999_999

/** Parses one pattern into numeric ranges; undefined when any term is malformed. */
export function parseCepPattern(pattern: string): CepTerm[] | undefined {
  const terms = pattern
    .split(/[,;\n]+/)
    .map((t) => t.trim())
    .filter(Boolean)
  if (terms.length === 0) return undefined
  const out: CepTerm[] = []
  for (const term of terms) {
    const parsed = parseTerm(term)
    if (!parsed) return undefined
    out.push(parsed)
  }
  return out
}

function parseTerm(term: string): CepTerm | undefined {
  if (term === '*') return { from: 0, to: CEP_MAX }
  // A formatted single CEP looks like a range of unequal bounds ("01310-100"), so it is recognised first.
  if (/^\d{5}-\d{3}$/.test(term) || /^\d{8}$/.test(term)) {
    const n = Number(onlyDigits(term))
    return { from: n, to: n }
  }
  const wildcard = /^([\d.\-\s]*)\*$/.exec(term)
  if (wildcard) return prefixRange(onlyDigits(wildcard[1]))
  const range = /^(\d{5}-?\d{3}|\d{1,8})\s*(?:-|\.\.|a|até)\s*(\d{5}-?\d{3}|\d{1,8})$/.exec(term)
  if (range) {
    const lo = onlyDigits(range[1])
    const hi = onlyDigits(range[2])
    if (lo.length !== hi.length) return undefined
    const from = Number(lo.padEnd(8, '0'))
    const to = Number(hi.padEnd(8, '9'))
    return from <= to ? { from, to } : undefined
  }
  if (/^\d{1,7}$/.test(term)) return prefixRange(term)
  return undefined
}

function prefixRange(prefix: string): CepTerm | undefined {
  if (prefix.length > 8) return undefined
  if (prefix.length === 0) return { from: 0, to: CEP_MAX }
  return { from: Number(prefix.padEnd(8, '0')), to: Number(prefix.padEnd(8, '9')) }
}

export function isValidCepPattern(pattern: string): boolean {
  return parseCepPattern(pattern) !== undefined
}

/** How many CEPs the narrowest matching term covers (smaller is more specific); undefined when nothing matches. */
export function cepPatternCoverage(pattern: string, cep: string): number | undefined {
  const terms = parseCepPattern(pattern)
  const d = onlyDigits(cep)
  if (!terms || d.length !== 8) return undefined
  const n = Number(d)
  let best: number | undefined
  for (const t of terms) if (n >= t.from && n <= t.to) best = Math.min(best ?? Infinity, t.to - t.from + 1)
  return best
}

export function matchesCepPattern(pattern: string, cep: string): boolean {
  return cepPatternCoverage(pattern, cep) !== undefined
}

/** The rule that applies to a CEP: the most specific match, the first listed on a tie. */
export function pickZipRule<R extends { zipCodePattern: string }>(rules: readonly R[], cep: string): R | undefined {
  let best: { rule: R; coverage: number } | undefined
  for (const rule of rules) {
    const coverage = cepPatternCoverage(rule.zipCodePattern, cep)
    if (coverage !== undefined && (!best || coverage < best.coverage)) best = { rule, coverage }
  }
  return best?.rule
}
