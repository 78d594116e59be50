import { useCallback, useState } from 'react';
import { readStoredBoolean, writeStored } from './local-storage';

/** A boolean remembered in localStorage under `key`. */
export function useStoredBoolean(key: string, fallback: boolean) {
  const [value, setValue] = useState(() => readStoredBoolean(key, fallback));
  const update = useCallback(
    (next: boolean) => {
      setValue(next);
      writeStored(key, String(next));
    },
    [key],
  );
  return [value, update] as const;
}
