import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';

/**
 * The password as sent over the wire (spec §5: hashed before sending): hex SHA-256 of the
 * UTF-8 text. Pure JS so it also works on PDAs served over plain HTTP, where WebCrypto is absent.
 * The server stores it with scrypt.
 */
export function hashPasswordForTransport(password: string): string {
  return bytesToHex(sha256(utf8ToBytes(password)));
}
