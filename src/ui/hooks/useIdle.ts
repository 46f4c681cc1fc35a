// Which keys would do nothing now, as screens, dialogs and help tell it (`Nav.idle`), for the footer to leave
// out. Kept by owner, so one that goes away takes only its own back.
import { useCallback, useMemo, useState } from 'react';

export function useIdleHints(extra: readonly string[]): { idle: ReadonlySet<string>; setIdle(owner: string, ids: readonly string[]): void } {
  const [byOwner, setByOwner] = useState<Readonly<Record<string, string>>>({});
  const setIdle = useCallback((owner: string, ids: readonly string[]) => {
    setByOwner((prev) => {
      const joined = ids.join(' ');
      if ((prev[owner] ?? '') === joined) return prev;
      const next = { ...prev };
      if (joined === '') delete next[owner];
      else next[owner] = joined;
      return next;
    });
  }, []);
  const extraKey = extra.join(' ');
  const idle = useMemo(
    () => new Set([...Object.values(byOwner).flatMap((ids) => ids.split(' ')), ...(extraKey === '' ? [] : extraKey.split(' '))]),
    [byOwner, extraKey],
  );
  return { idle, setIdle };
}
