import { useEffect, useRef, type RefObject } from 'react';

/** A ref that is true while the component is mounted: async work checks it before setting state. */
export function useMountedRef(): RefObject<boolean> {
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  return mounted;
}
