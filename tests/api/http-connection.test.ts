import net from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { serve, type ServerType } from '@hono/node-server';
import { startTestServer, type TestServer } from '../support/api-harness';
import { API_BASE } from '../../src/shared/contract/define';
import { RET } from '../../src/shared/retcodes';

/**
 * Over a real socket, as the server runs (`serve` of @hono/node-server around the app): an answer
 * given before the request's body was read must not leave the connection kept alive, or the rest of
 * the body is dropped under the next request on it. Either the connection is closed, and the
 * answer says so, or it stays usable.
 */
let server: TestServer;
let http: ServerType;
let port: number;

beforeAll(async () => {
  server = await startTestServer();
  http = serve({ fetch: server.app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise((resolve) => http.once('listening', resolve));
  port = (http.address() as net.AddressInfo).port;
});
afterAll(async () => {
  await new Promise((resolve) => http?.close(resolve));
  await server?.close();
});

const FORGOT = `${API_BASE}/apps/system/user/user_forgot`;
const LANGUAGES = `${API_BASE}/apps/system/user/get_lang_setting`;
const getLanguages = `GET ${LANGUAGES} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`;

interface Answer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** The answers in what the server sent, in order (Content-Length bodies, as the app sends them). */
function answersIn(received: Buffer): Answer[] {
  const answers: Answer[] = [];
  let rest = received;
  for (;;) {
    const headEnd = rest.indexOf('\r\n\r\n');
    if (headEnd < 0) return answers;
    const [statusLine, ...lines] = rest.subarray(0, headEnd).toString('latin1').split('\r\n');
    const headers = Object.fromEntries(lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]));
    const length = Number(headers['content-length'] ?? 0);
    answers.push({ status: Number(statusLine!.split(' ')[1]), headers, body: rest.subarray(headEnd + 4, headEnd + 4 + length).toString('utf8') });
    rest = rest.subarray(headEnd + 4 + length);
  }
}

/**
 * Writes `first` (head and body) on one keep-alive connection, then — if the server keeps it open
 * and the first answer has come — the language list as a second request on the same connection.
 * Resolves with what came back and whether the server closed the connection.
 */
async function twoOnOneConnection(first: readonly (string | Buffer)[]): Promise<{ answers: Answer[]; closedByServer: boolean }> {
  const socket = net.connect(port, '127.0.0.1');
  const chunks: Buffer[] = [];
  let closedByServer = false;
  const closed = new Promise<void>((resolve) => {
    socket.on('end', () => (closedByServer = true));
    socket.on('close', () => resolve());
  });
  socket.on('data', (chunk) => chunks.push(chunk));
  socket.on('error', () => undefined); // a reset while the body is still being written
  for (const part of first) socket.write(part);
  const answered = async (count: number) => {
    while (answersIn(Buffer.concat(chunks)).length < count && !socket.destroyed) await new Promise((resolve) => setTimeout(resolve, 20));
  };
  await Promise.race([answered(1), closed]);
  // A client reuses a connection whose answer did not say close, as soon as it has the answer.
  const keptAlive = answersIn(Buffer.concat(chunks))[0]?.headers.connection?.toLowerCase() !== 'close';
  if (keptAlive && !socket.destroyed) socket.write(getLanguages);
  await Promise.race([answered(2), closed, new Promise((resolve) => setTimeout(resolve, 3000))]);
  socket.destroy();
  return { answers: answersIn(Buffer.concat(chunks)), closedByServer };
}

const head = (path: string, headers: Record<string, string | number>) =>
  `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nConnection: keep-alive\r\n${Object.entries(headers).map(([k, v]) => `${k}: ${v}\r\n`).join('')}\r\n`;

/** A JSON body of `bytes` bytes. */
const jsonOf = (bytes: number) => Buffer.from(JSON.stringify({ email: 'a@b.c', pad: 'x'.repeat(bytes - 30) }).padEnd(bytes, ' '));

/** Either the server said close and closed after a whole answer, or the next request was answered. */
function expectUsableOrClosed(result: { answers: Answer[]; closedByServer: boolean }, status: number) {
  const [first, second] = result.answers;
  expect(first?.status).toBe(status);
  expect(JSON.parse(first!.body)).toHaveProperty('retcode');
  if (first!.headers.connection?.toLowerCase() === 'close') {
    expect(result.closedByServer).toBe(true);
    expect(second).toBeUndefined();
  } else {
    expect(second?.status, 'the second request on a kept-alive connection is answered').toBe(200);
  }
}

describe('an answer before the body is read', () => {
  test('a body over 1 MB (Content-Length): 413 with Connection: close, and the server closes once it is sent', async () => {
    const body = jsonOf(2 * 1024 * 1024);
    const result = await twoOnOneConnection([head(FORGOT, { 'Content-Length': body.length }), body]);
    expect(result.answers[0]?.headers.connection).toBe('close');
    expect(JSON.parse(result.answers[0]!.body)).toMatchObject({ retcode: RET.BAD_INPUT, message: 'Request body is larger than 1024 KB.' });
    expectUsableOrClosed(result, 413);
  });

  test('a chunked body over 1 MB: the same', async () => {
    const body = jsonOf(1100 * 1024);
    const chunked: Buffer[] = [];
    for (let at = 0; at < body.length; at += 64 * 1024) {
      const piece = body.subarray(at, at + 64 * 1024);
      chunked.push(Buffer.from(`${piece.length.toString(16)}\r\n`), piece, Buffer.from('\r\n'));
    }
    chunked.push(Buffer.from('0\r\n\r\n'));
    const result = await twoOnOneConnection([head(FORGOT, { 'Transfer-Encoding': 'chunked' }), ...chunked]);
    expect(result.answers[0]?.headers.connection).toBe('close');
    expectUsableOrClosed(result, 413);
  });

  test('a large body refused by a guard (no CSRF token) is not left on a kept-alive connection', async () => {
    const body = jsonOf(900 * 1024);
    const result = await twoOnOneConnection([head(FORGOT, { 'Content-Length': body.length }), body]);
    expect(JSON.parse(result.answers[0]!.body).retcode).toBe(RET.CSRF_INVALID);
    expectUsableOrClosed(result, 403);
  });

  test('a body that was read keeps the connection alive for the next request', async () => {
    const body = Buffer.from(JSON.stringify({ email: 'keep-alive@test.local' }));
    const csrf = { Cookie: 'tally_csrf=token', 'x-csrf-token': 'token' };
    const result = await twoOnOneConnection([head(FORGOT, { 'Content-Length': body.length, ...csrf }), body]);
    expect(result.answers.map((a) => a.status)).toEqual([200, 200]);
    expect(JSON.parse(result.answers[0]!.body).retcode).toBe(0);
    expect(result.answers[0]!.headers.connection).toBe('keep-alive');
  });
});
