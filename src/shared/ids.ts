const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** Whether a value is a UUID: ids from outside are checked before they reach a uuid column (a bad one is a 404). */
export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && UUID.test(value)
}
