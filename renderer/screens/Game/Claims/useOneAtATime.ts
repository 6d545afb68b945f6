import { useRef, useState } from 'react';

/** One act at a time: a claim's check and a window's close wait for each other, and a key pressed twice sends once. */
export function useOneAtATime() {
  const [busy, setBusy] = useState(false);
  const busyRef = useRef(false);
  return {
    busy,
    run: async (act: () => Promise<void>) => {
      if (busyRef.current) return;
      busyRef.current = true;
      setBusy(true);
      await act();
      busyRef.current = false;
      setBusy(false);
    },
  };
}
export type OneAtATime = ReturnType<typeof useOneAtATime>;
