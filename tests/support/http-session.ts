import { API_BASE, CSRF_COOKIE, CSRF_HEADER, TENANT_HEADER, type Envelope } from '../../src/shared/contract/define';
import { contract } from '../../src/shared/contract';
import { hashPasswordForTransport } from '../../src/shared/password-hash';

/**
 * One browser session over real HTTP, for tests and benches that talk to a server process: its
 * cookies (session and CSRF) are sent to whichever process it calls, since sessions live in the
 * database; mutations carry the CSRF header, every call the warehouse header once signed in.
 */
export class HttpSession {
  cookies = new Map<string, string>();
  whsId = '';

  /** The headers a request of this session carries (also for load generators that send their own requests). */
  headers(body: boolean): Record<string, string> {
    const headers: Record<string, string> = { cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ') };
    if (this.cookies.has(CSRF_COOKIE)) headers[CSRF_HEADER] = this.cookies.get(CSRF_COOKIE)!;
    if (this.whsId) headers[TENANT_HEADER] = this.whsId;
    if (body) headers['content-type'] = 'application/json';
    return headers;
  }

  async call<T>(baseURL: string, method: 'GET' | 'POST', apiPath: string, body?: unknown): Promise<{ status: number } & Envelope<T>> {
    const res = await fetch(baseURL + API_BASE + apiPath, {
      method, headers: this.headers(body !== undefined), body: body === undefined ? undefined : JSON.stringify(body),
    });
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair!.indexOf('=');
      this.cookies.set(pair!.slice(0, at).trim(), pair!.slice(at + 1).trim());
    }
    return { status: res.status, ...((await res.json()) as Envelope<T>) };
  }

  /** Signs in (after fetching the CSRF cookie) and takes the session's warehouse; throws on a refusal. */
  async signIn(baseURL: string, email: string, password: string): Promise<{ whs_id: string; user_id: number }> {
    await this.call(baseURL, 'GET', contract.getLangSetting.path);
    const login = await this.call<{ whs_id: string; user_id: number }>(baseURL, 'POST', contract.userLogin.path, {
      email, password: hashPasswordForTransport(password),
    });
    if (login.retcode !== 0) throw new Error(`Signing in as ${email} failed: ${login.retcode} ${login.message}`);
    this.whsId = login.data.whs_id;
    return login.data;
  }
}
