import type { ComponentType } from 'react';

/** A screen's code, loaded on first visit (a dynamic import). */
export type ScreenModule = () => Promise<{ default: ComponentType }>;
