import { startTransition, useEffect, useState } from 'react';

/** A hidden tab paints no frames: what waits for the first paint comes after this at the latest. */
const HIDDEN_TAB_WAIT_MS = 1000;

/**
 * False in a component's first render; true once the browser has painted it, set in a
 * transition (React yields to input while it renders what waited). A frame shows first, and its
 * secondary parts (menus, badges, drawers, background services) build in the next tasks.
 */
export function useAfterPaint(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    if (painted) return;
    const done = () => startTransition(() => setPainted(true));
    let timer: number | undefined;
    // A timeout set in an animation frame fires after that frame's paint.
    const frame = requestAnimationFrame(() => {
      timer = window.setTimeout(done);
    });
    const fallback = window.setTimeout(done, HIDDEN_TAB_WAIT_MS);
    return () => {
      cancelAnimationFrame(frame);
      window.clearTimeout(timer);
      window.clearTimeout(fallback);
    };
  }, [painted]);
  return painted;
}
