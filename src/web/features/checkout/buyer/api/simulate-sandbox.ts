/**
 * Asks the built-in sandbox to do what the buyer's bank or the clock would do (pay a PIX, expire it, grant a mandate):
 * a plain fetch with a timeout, the sandbox's own message on a refusal.
 */
export async function simulateSandbox(path: string): Promise<void> {
  const res = await fetch(path, { method: 'POST', signal: AbortSignal.timeout(15_000) })
  if (res.ok) return
  const body = (await res.json().catch(() => ({}))) as { message?: string }
  throw new Error(body.message || 'Não foi possível simular')
}

/** The message of a failed simulation, for the panel's alert. */
export const simulationError = (err: unknown) => (err instanceof Error ? err.message : 'Não foi possível simular')
