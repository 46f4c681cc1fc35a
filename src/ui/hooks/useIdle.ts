// Which keys would do nothing now, as screens, dialogs and help tell it (`Nav.idle`), for the footer to leave
// out, and the owner's own word for a key it offers (a form's ⏎ `save`). Kept by owner, so one that goes away
// takes only its own back.
import { useCallback, useMemo, useState } from 'react';

/** An owner's words for keys it offers, by binding id (`Nav.idle`'s KeyWords, keyed by any id). */
type Words = Readonly<Partial<Record<string, string>>>;

interface Told {
  ids: readonly string[];
  words: Words;
}

interface IdleHints {
  idle: ReadonlySet<string>;
  words: ReadonlyMap<string, string>;
  setIdle(owner: string, ids: readonly string[], words?: Words): void;
}

const sameTold = (a: Told | undefined, ids: readonly string[], words: Words): boolean =>
  a !== undefined && a.ids.join(' ') === ids.join(' ') && JSON.stringify(a.words) === JSON.stringify(words);

export function useIdleHints(extra: readonly string[]): IdleHints {
  const [byOwner, setByOwner] = useState<Readonly<Record<string, Told>>>({});
  const setIdle = useCallback((owner: string, ids: readonly string[], words: Words = {}) => {
    setByOwner((prev) => {
      const empty = ids.length === 0 && Object.keys(words).length === 0;
      if (empty ? !(owner in prev) : sameTold(prev[owner], ids, words)) return prev;
      const next = { ...prev };
      if (empty) delete next[owner];
      else next[owner] = { ids: [...ids], words: { ...words } };
      return next;
    });
  }, []);
  const extraKey = extra.join(' ');
  const idle = useMemo(
    () => new Set([...Object.values(byOwner).flatMap((t) => t.ids), ...(extraKey === '' ? [] : extraKey.split(' '))]),
    [byOwner, extraKey],
  );
  const words = useMemo(() => new Map(Object.values(byOwner).flatMap((t) => Object.entries(t.words).flatMap(([id, w]) => (w === undefined ? [] : [[id, w] as const])))), [byOwner]);
  return { idle, words, setIdle };
}
