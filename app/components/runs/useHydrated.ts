import { useEffect, useState } from "react";

let hydrated = false;

/** False on the server and in the first browser render, true once JavaScript runs. */
export function useHydrated(): boolean {
  const [h, setH] = useState(hydrated);
  useEffect(() => {
    hydrated = true;
    setH(true);
  }, []);
  return h;
}
