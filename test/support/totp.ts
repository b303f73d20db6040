/**
 * What an authenticator app does with the secret the enrolment page shows (RFC 6238: HMAC-SHA1,
 * 30-second steps, 6 digits), for tests that sign in as staff.
 */
import { hotpCode } from "../../server/auth/totp-replay.server";

const base32Alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";

function base32Bytes(secret: string): Buffer {
  const bits = [...secret.replace(/[\s=]/g, "").toUpperCase()]
    .map((char) => {
      const value = base32Alphabet.indexOf(char);
      if (value < 0) throw new Error(`Not a base32 secret: ${secret}`);
      return value.toString(2).padStart(5, "0");
    })
    .join("");
  const bytes = bits.match(/.{8}/g) ?? [];
  return Buffer.from(bytes.map((byte) => Number.parseInt(byte, 2)));
}

/** The code an authenticator app shows for `secret` (base32, spaces allowed) at `at`. */
export function totpCode(secret: string, at = Date.now()): string {
  return hotpCode(base32Bytes(secret), Math.floor(at / 30_000));
}
