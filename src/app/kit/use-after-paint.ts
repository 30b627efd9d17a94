import { startTransition, useEffect, useState } from 'react';

/**
 * False in a component's first render; true once the browser has painted it, set in a
 * transition (React yields to input while it renders what waited). A frame shows first, and its
 * secondary parts (menus, badges, drawers, background services) build in the next tasks.
 */
export function useAfterPaint(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    if (painted) return;
    let timer: number | undefined;
    // A timeout set in an animation frame fires after that frame's paint.
    const frame = requestAnimationFrame(() => {
      timer = window.setTimeout(() => startTransition(() => setPainted(true)));
    });
    return () => {
      cancelAnimationFrame(frame);
      window.clearTimeout(timer);
    };
  }, [painted]);
  return painted;
}
