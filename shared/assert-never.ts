/** Exhaustiveness guard for switches over string unions: a new member is a compile error here. */
export function assertNever(value: never, what = 'value'): never {
  throw new Error(`Unexpected ${what}: ${String(value)}`);
}
