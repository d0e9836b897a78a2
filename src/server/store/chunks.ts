/** Lists of ids in pieces small enough for any statement's parameters. */
export function* chunks<T>(list: readonly T[], size = 500): Generator<T[]> {
  for (let i = 0; i < list.length; i += size) yield list.slice(i, i + size);
}
