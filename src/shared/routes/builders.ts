import type { MessageDescriptor } from '@lingui/core';
import type { RouteDecl } from './types';

/** What a route declares beside its path and title. */
export type RouteOptions = Omit<RouteDecl, 'path' | 'title'>;

/** A page: screen, operation, form or detail. */
export const page = (path: string, title: MessageDescriptor, more: RouteOptions = {}): RouteDecl => ({ path, title, ...more });
/** A list page: remembers its filters and pagination (spec §2, §9). */
export const list = (path: string, title: MessageDescriptor, more: RouteOptions = {}): RouteDecl => ({ path, title, rememberFilters: true, ...more });
/** A group route: opens `redirect` (its default child), or the first child the user may open. */
export const group = (path: string, title: MessageDescriptor, redirect: string, more: RouteOptions = {}): RouteDecl => ({ path, title, redirect, ...more });

/** Pages shown only while the warehouse's fulfilment chain is on (several areas have them). */
export const FULFIL_CHAIN = { flag: 'fulfilChain' } as const;
