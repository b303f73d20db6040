import { type Algorithm, hash, verify } from "@node-rs/argon2";

const argon2id: Algorithm = 2;

/** argon2id with the OWASP minimum: 19 MiB of memory, 2 passes, one lane. */
export const passwordHashOptions = {
  algorithm: argon2id,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, passwordHashOptions);
}

/** False for a wrong password and for a hash this function cannot read. */
export async function verifyPassword({
  hash: storedHash,
  password,
}: {
  hash: string;
  password: string;
}): Promise<boolean> {
  try {
    return await verify(storedHash, password);
  } catch {
    return false;
  }
}
