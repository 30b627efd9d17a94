/**
 * The Drizzle schema, one file per area (named as its folder in server/modules). Everything imports
 * the tables from here (`db/schema`), and drizzle-kit reads it (drizzle.config.ts). The columns,
 * keys and indexes warehouse tables repeat are in columns.ts. An area's file imports only the
 * tables it references, areas below it: warehouse ← system ← the rest, basic ← inventory ← inbound.
 */
export * from './warehouse';
export * from './system';
export * from './config';
export * from './sync';
export * from './report';
export * from './user';
export * from './basic';
export * from './inventory';
export * from './inbound';
export * from './outbound';
export * from './consumables';
export * from './merge';
export * from './print';
export * from './sorting';
export * from './shipping';
export * from './instant';
export * from './cycle-count';
export * from './abc';
export * from './full-stock-count';
export * from './mt-order';
export * from './rts-order';
export * from './transit';
export * from './transfer-request';
export * from './mt-shipping';
export * from './return-order';
