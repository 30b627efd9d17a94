import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Hono } from 'hono';
import type { HttpBindings } from '@hono/node-server';
import { serveStatic } from '@hono/node-server/serve-static';
import { secureHeaders } from 'hono/secure-headers';
import { bodyLimit } from 'hono/body-limit';
import { contract } from '../shared/contract';
import { RET } from '../shared/retcodes';
import { WEAK_NETWORK_PING_PATH } from '../shared/constants';
import { LOCAL_AGENT_SOURCES } from '../shared/print/print-job';
import type { Db } from './db/client';
import type { ServerConfig } from './config';
import { ApiError, constraintRefusal } from './http/errors';
import { envelope, registerContract, type Handlers } from './http/register';
import { openApiDocument } from './http/openapi';
import { ensureCsrfCookie } from './http/session';
import { sessionHandlers } from './modules/system/session.handlers';
import { userlistHandlers } from './modules/user/userlist.handlers';
import { roleHandlers } from './modules/user/role.handlers';
import { userAdminHandlers } from './modules/user/user-admin.handlers';
import { registerUserImportFiles, userImportHandlers } from './modules/user/user-import.handlers';
import { configHandlers } from './modules/config/config.handlers';
import { syncHandlers } from './modules/sync/sync.handlers';
import { notificationHandlers } from './modules/config/notification.handlers';
import { warehouseHandlers } from './modules/basic/warehouse.handlers';
import { storageAreaHandlers } from './modules/basic/storage-area.handlers';
import { catalogHandlers } from './modules/basic/catalog.handlers';
import { skuHandlers } from './modules/basic/sku.handlers';
import { listSettingsHandlers } from './modules/config/list-settings.handlers';
import { exportTaskHandlers } from './modules/report/export-task.handlers';
import { registerExportDownload } from './modules/report/export-download';
import { pagingHeaderHandlers } from './modules/config/paging-header.handlers';
import { resourceContractHandlers } from './modules/resources';
import { asnHandlers } from './modules/inbound/asn.handlers';
import { asnQuotaHandlers } from './modules/inbound/asn-quota.handlers';
import { arrivalHandlers } from './modules/inbound/arrival.handlers';
import { countingHandlers } from './modules/inbound/counting.handlers';
import { qcHandlers } from './modules/inbound/qc.handlers';
import { receivingHandlers } from './modules/inbound/receiving.handlers';
import { inboundExceptionHandlers } from './modules/inbound/inbound-exception.handlers';
import { putawayHandlers } from './modules/inbound/putaway.handlers';
import { vasHandlers } from './modules/inbound/vas.handlers';
import { adjustmentHandlers } from './modules/inventory/adjustment.handlers';
import { stockBlockHandlers } from './modules/inventory/stock-block.handlers';
import { transitHandlers } from './modules/inventory/transit.handlers';
import { cycleCountHandlers } from './modules/inventory/cycle-count.handlers';
import { fullStockCountHandlers } from './modules/inventory/full-stock-count.handlers';
import { salesOrderHandlers } from './modules/outbound/sales-order.handlers';
import { mtOrderHandlers } from './modules/outbound/mt-order.handlers';
import { rtsOrderHandlers } from './modules/outbound/rts-order.handlers';
import { transferRequestHandlers } from './modules/outbound/transfer-request.handlers';
import { registerSalesOrderImportFiles, salesOrderImportHandlers } from './modules/outbound/sales-order-import.handlers';
import { waveHandlers } from './modules/outbound/wave.handlers';
import { checkingHandlers } from './modules/outbound/checking.handlers';
import { mtShippingHandlers } from './modules/outbound/mt-shipping.handlers';
import { outboundExceptionHandlers } from './modules/outbound/outbound-exception.handlers';
import { shippingHandlers } from './modules/outbound/shipping.handlers';
import { instantDeliveryHandlers } from './modules/outbound/instant-delivery.handlers';
import { packingHandlers } from './modules/outbound/packing.handlers';
import { pickingHandlers } from './modules/outbound/picking.handlers';
import { mergingHandlers } from './modules/outbound/merging.handlers';
import { sortingHandlers } from './modules/outbound/sorting.handlers';
import { flowPickHandlers } from './modules/outbound/flow-pick.handlers';
import { packagingHandlers } from './modules/outbound/packaging-rule';
import { weightCheckHandlers } from './modules/outbound/weight-validation';
import { subPickingHandlers } from './modules/outbound/sub-picking.handlers';
import { printHandlers } from './modules/config/print.handlers';
import { abcHandlers } from './modules/inventory/abc.handlers';
import { returnOrderHandlers } from './modules/inbound/return-order.handlers';

/** One handler per contract entry: a missing one is a type error here and a start-up error at run time. */
export const handlers: Handlers<typeof contract> = { ...sessionHandlers, ...userlistHandlers, ...roleHandlers, ...userAdminHandlers, ...userImportHandlers, ...configHandlers, ...syncHandlers, ...notificationHandlers, ...warehouseHandlers, ...storageAreaHandlers, ...catalogHandlers, ...skuHandlers, ...listSettingsHandlers, ...exportTaskHandlers, ...pagingHeaderHandlers, ...resourceContractHandlers,
  ...asnHandlers, ...asnQuotaHandlers, ...arrivalHandlers, ...countingHandlers, ...qcHandlers, ...receivingHandlers, ...inboundExceptionHandlers, ...putawayHandlers, ...vasHandlers, ...returnOrderHandlers, ...adjustmentHandlers, ...stockBlockHandlers, ...transitHandlers, ...cycleCountHandlers, ...fullStockCountHandlers,
  ...salesOrderHandlers, ...mtOrderHandlers, ...rtsOrderHandlers, ...transferRequestHandlers, ...salesOrderImportHandlers, ...waveHandlers, ...pickingHandlers, ...mergingHandlers, ...sortingHandlers, ...checkingHandlers, ...mtShippingHandlers, ...packingHandlers, ...shippingHandlers, ...instantDeliveryHandlers, ...outboundExceptionHandlers, ...flowPickHandlers, ...subPickingHandlers, ...packagingHandlers, ...weightCheckHandlers,
  ...printHandlers, ...abcHandlers,
};

/**
 * Content-Security-Policy of every answer (docs/decisions.md "Security headers"): scripts, workers
 * and connections from this server only (and print agents: LOCAL_AGENT_SOURCES, PRINT_AGENT_ORIGINS), no
 * inline script; inline styles, which Mantine writes;
 * images from anywhere, since the weak-network check loads a configured domain's favicon as one
 * (and the watermark is a data: image); no plugins, no framing, no foreign forms or base URL.
 */
const CONTENT_SECURITY_POLICY = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'http:', 'https:'],
  connectSrc: ["'self'"] as string[],
  // The browser's print path prints a PDF job from a blob: URL in a hidden frame (kit/print).
  frameSrc: ["'self'", 'blob:'],
  workerSrc: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
};

/** Largest JSON body the API reads; bigger ones are refused before parsing. */
const MAX_BODY_BYTES = 1024 * 1024;

export function createApp(deps: { db: Db; config: ServerConfig }) {
  const app = new Hono();

  // x-response-et: this server's own time on the request (ms, rounded down). The client takes
  // it off the round trip it measured, so only network time counts towards weak-network
  // detection (spec §4/§7): on every API answer and static file, the ping favicon included.
  // A request slower than SLOW_REQUEST_MS is logged: what an operator (or a failed browser test)
  // reads first when screens wait.
  const slowMs = deps.config.slowRequestMs;
  app.use('*', async (c, next) => {
    const started = performance.now();
    await next();
    const elapsed = Math.floor(performance.now() - started);
    c.header('x-response-et', String(elapsed));
    if (slowMs > 0 && elapsed >= slowMs) console.warn(`[slow] ${c.req.method} ${c.req.path} → ${c.res.status} in ${elapsed} ms`);
  });
  // An answer given before the request's body was read (a guard refused it, or it is over the
  // limit) leaves the rest of that body on the connection: close the connection once the answer is
  // sent, saying so, rather than keep it alive and have it dropped under the client's next request.
  app.use('*', async (c, next) => {
    await next();
    const incoming = (c.env as Partial<HttpBindings> | undefined)?.incoming;
    const hasBody = incoming && (incoming.headers['transfer-encoding'] !== undefined || Number(incoming.headers['content-length'] ?? 0) > 0);
    if (hasBody && !incoming.readableEnded) c.header('Connection', 'close');
  });
  // X-Frame-Options for browsers older than frame-ancestors. A header an answer set itself is kept
  // (the ping favicon's Cross-Origin-Resource-Policy).
  app.use('*', secureHeaders({
    crossOriginEmbedderPolicy: false,
    // Print agents: one on the station itself, and those the deployment allows (docs/printing.md).
    contentSecurityPolicy: { ...CONTENT_SECURITY_POLICY, connectSrc: [...CONTENT_SECURITY_POLICY.connectSrc, ...LOCAL_AGENT_SOURCES, ...deps.config.printAgentOrigins] }, xFrameOptions: 'DENY', referrerPolicy: 'same-origin', overwrite: false,
  }));
  app.use('*', async (c, next) => {
    await next();
    ensureCsrfCookie(c, deps.config);
  });

  app.onError((err, c) => {
    if (err instanceof ApiError) {
      return c.json(envelope(err.data, err.retcode, err.message), err.httpStatus as 200);
    }
    // The request's values broke a constraint: the client hears which, the log keeps the missing check.
    const refusal = constraintRefusal(err);
    if (refusal) {
      console.error(`[api] ${c.req.method} ${c.req.path}: a constraint refused what the input checks let through:`, err);
      return c.json(envelope(refusal.data, refusal.retcode, refusal.message));
    }
    console.error(`[api] ${c.req.method} ${c.req.path} failed:`, err);
    return c.json(envelope(null, RET.INTERNAL, 'Internal server error. Please try again; if it persists, contact support.'), 500);
  });

  app.use('/api/*', bodyLimit({
    maxSize: MAX_BODY_BYTES,
    onError: (c) => c.json(envelope(null, RET.BAD_INPUT, `Request body is larger than ${MAX_BODY_BYTES / 1024} KB.`), 413),
  }));
  registerContract(app, deps, contract, handlers);
  registerExportDownload(app, deps);
  registerUserImportFiles(app, deps);
  registerSalesOrderImportFiles(app, deps);

  // Built on its first request: a fifth of a server's start went into a document few ever read.
  let docs: ReturnType<typeof openApiDocument> | null = null;
  app.get('/api/docs', (c) => c.json(docs ??= openApiDocument(contract)));
  app.all('/api/*', (c) => c.json(envelope(null, RET.UNKNOWN_API, `Unknown API ${c.req.method} ${c.req.path}`), 404));

  const staticDir = deps.config.staticDir;
  if (staticDir && existsSync(path.join(staticDir, 'index.html'))) {
    const indexHtml = readFileSync(path.join(staticDir, 'index.html'), 'utf8');
    app.get('/', (c) => c.redirect('/v2/'));
    app.get('/v2', (c) => c.redirect('/v2/'));
    app.use('/v2/*', async (c, next) => {
      await next();
      const p = c.req.path;
      // Hashed assets never change; the shell and the service worker must be revalidated.
      c.header('Cache-Control', p.startsWith('/v2/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
      // Another Tally server's pages may ping this one's favicon (weak-network check).
      if (p === WEAK_NETWORK_PING_PATH) c.header('Cross-Origin-Resource-Policy', 'cross-origin');
    });
    app.use('/v2/*', serveStatic({ root: staticDir, rewriteRequestPath: (p) => p.replace(/^\/v2/, '') }));
    // SPA fallback: any other /v2 path that is not a file is a client route.
    app.get('/v2/*', (c) => (path.extname(c.req.path) ? c.notFound() : c.html(indexHtml)));
  }
  return app;
}
