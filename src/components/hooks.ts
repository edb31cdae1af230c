import { useEffect, useState } from 'react';

/**
 * False on the server and in the hydrating render, true once mounted: until then an island
 * renders exactly what the static HTML holds (no hydration mismatch), then reads the stores.
 */
export function useMounted(): boolean {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  return mounted;
}

/**
 * An error thrown in an event handler or a promise, handed to the nearest error boundary
 * (boundaries see only errors thrown while rendering).
 */
export function useFailure(): (error: unknown) => void {
  const [, setState] = useState<null>(null);
  return (error: unknown) =>
    setState(() => {
      throw error instanceof Error ? error : new Error(String(error));
    });
}
