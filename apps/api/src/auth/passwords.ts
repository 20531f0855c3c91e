import { hash, verify, type Algorithm, type Options } from '@node-rs/argon2';

const ARGON2ID = 2 as Algorithm;

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(stored: string | null, password: string): Promise<boolean>;
}

export function createPasswordHasher(cost: { memoryKib: number; timeCost: number }): PasswordHasher {
  const options: Options = { algorithm: ARGON2ID, memoryCost: cost.memoryKib, timeCost: cost.timeCost, parallelism: 1 };
  let dummy: Promise<string> | null = null;
  return {
    hash: (password) => hash(password, options),
    async verify(stored, password) {
      // Accounts without a password still pay for one verification, so timing does not reveal them.
      const target = stored ?? (await (dummy ??= hash('dummy password for timing', options)));
      try {
        const ok = await verify(target, password);
        return stored !== null && ok;
      } catch {
        return false;
      }
    },
  };
}
