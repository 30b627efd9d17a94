import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestServer, type TestClient, type TestServer } from '../support/api-harness';
import { fingerprint, fingerprintDiff } from '../support/db-state';
import { contract } from '../../src/shared/contract';
import { isMutation, type EndpointDef } from '../../src/shared/contract/define';
import { DEMO_PASSWORD } from '../../src/server/db/seed';
import { hashPasswordForTransport } from '../../src/shared/password-hash';
import { RET } from '../../src/shared/retcodes';

/**
 * A mutation whose Origin header names another site is refused (-100408, HTTP 403) before anything
 * runs; this server's own origin, as the request arrived or as PUBLIC_URL says, and no Origin at
 * all (programs other than browsers) go on as before.
 */
const EVIL = { origin: 'https://evil.example' };
const SET_SETTING = '/apps/system/user/set_user_setting';
const PUBLIC_URL = 'https://wms.example.com';

let server: TestServer;
let admin: TestClient;
beforeAll(async () => {
  server = await startTestServer({ publicUrl: PUBLIC_URL });
  admin = await server.login('admin@demo.local');
});
afterAll(async () => {
  await server?.close();
});

const mutations = (Object.entries(contract) as [string, EndpointDef][]).filter(([, def]) => isMutation(def));

describe('Origin of a mutation', () => {
  test('every mutation of the contract refuses another site, before its session, input or handler, and changes nothing', async () => {
    expect(mutations.length).toBeGreaterThan(50);
    const before = await fingerprint(server.database.db);
    for (const [name, def] of mutations) {
      for (const client of [admin, server.client()]) {
        const res = await client.request(def.method, def.path, def.method === 'POST' ? {} : undefined, { headers: EVIL });
        expect(res.retcode, name).toBe(RET.CSRF_INVALID);
        expect(client.lastStatus, name).toBe(403);
        expect(res.message).toMatch(/another site/);
      }
    }
    expect(fingerprintDiff(before, await fingerprint(server.database.db))).toEqual([]);
  });

  test('a change from another site is refused and changes nothing; from this server, or without Origin, it is made', async () => {
    const me = await server.login('supervisor@demo.local');
    const refused = await me.post(SET_SETTING, { name: 'theme', value: 'evil' }, { headers: EVIL });
    expect(refused).toEqual({ retcode: RET.CSRF_INVALID, message: expect.stringMatching(/another site/), data: null });
    const sameOrigins: Record<string, string>[] = [
      { origin: 'http://localhost' }, // as the request arrived (the in-process URL)
      { origin: PUBLIC_URL },
      { origin: 'https://tally.internal', 'x-forwarded-proto': 'https', 'x-forwarded-host': 'tally.internal' }, // behind a trusted proxy
      {},
    ];
    for (const headers of sameOrigins) expect((await me.post(SET_SETTING, { name: 'theme', value: 'dark' }, { headers })).retcode, JSON.stringify(headers)).toBe(0);
    // Look-alikes are other sites.
    for (const origin of ['null', 'http://localhost.evil.example', 'https://wms.example.com.evil.example', 'http://localhost:8080']) {
      expect((await me.post(SET_SETTING, { name: 'theme', value: 'evil' }, { headers: { origin } })).retcode, origin).toBe(RET.CSRF_INVALID);
    }
  });

  test('another site cannot sign a visitor in (login CSRF) nor out', async () => {
    const visitor = server.client();
    const res = await visitor.post('/apps/system/user/user_login', { email: 'operator@demo.local', password: hashPasswordForTransport(DEMO_PASSWORD) }, { headers: EVIL });
    expect(res.retcode).toBe(RET.CSRF_INVALID);
    expect(visitor.cookies.has('tally_sid')).toBe(false);
    const signedIn = await server.login('operator@demo.local');
    expect((await signedIn.get('/apps/system/user/user_logout', undefined, { headers: EVIL })).retcode).toBe(RET.CSRF_INVALID);
    expect((await signedIn.get('/apps/system/user/get_login_info')).retcode).toBe(0);
  });

  test('reads are not mutations: another site may not read them anyway (no CORS), and its Origin is ignored', async () => {
    expect((await admin.get('/apps/system/user/get_login_info', undefined, { headers: EVIL })).retcode).toBe(0);
  });
});
