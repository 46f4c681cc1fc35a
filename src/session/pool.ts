// Loading one thing per item of a list (each server's snapshots, each network's VLANs): a few requests at a
// time, so an estate of hundreds never opens hundreds of connections at once.

/** Runs `fn` on every item, at most `limit` at a time; the results keep the items' order. */
export async function mapPooled<T, R>(items: readonly T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const out = new Array<R>(items.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i]);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return out;
}
