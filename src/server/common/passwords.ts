import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { hashPasswordForTransport } from '../../shared/password-hash';

const N = 16384;
const R = 8;
const P = 1;
const KEYLEN = 32;

function derive(secret: string, salt: Buffer, n: number, r: number, p: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(secret, salt, KEYLEN, { N: n, r, p, maxmem: 128 * n * r * 2 }, (err, key) => (err ? reject(err) : resolve(key)));
  });
}

/** Stores the client-side hash with scrypt: `scrypt$N$r$p$salt$key`, base64url parts. */
export async function hashPassword(clientHash: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(clientHash, salt, N, R, P);
  return ['scrypt', N, R, P, salt.toString('base64url'), key.toString('base64url')].join('$');
}

/** A password chosen in plain text, stored as if the client had hashed it: sign-in sends that hash. */
export const storedPasswordOf = (password: string): Promise<string> => hashPassword(hashPasswordForTransport(password));

export async function verifyPassword(clientHash: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, key] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !salt || !key) return false;
  const expected = Buffer.from(key, 'base64url');
  const actual = await derive(clientHash, Buffer.from(salt, 'base64url'), Number(n), Number(r), Number(p));
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** A stored hash no password matches: verifying against it costs the same time as a real one. */
export const DUMMY_HASH = 'scrypt$16384$8$1$AAAAAAAAAAAAAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA';
