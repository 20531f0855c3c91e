import type { EndpointDef } from '@mako/contract';
import type { Principal } from '../services/principal.ts';
import { HttpError } from './errors.ts';

/**
 * Refuses a call the caller's API token may not make (403): account management needs a signed-in
 * session, anything else the scope the contract's row names. Sessions pass. A row without a
 * scope is treated as account management, so a call added without one is closed to tokens.
 */
export function requireScope(def: EndpointDef, principal: Principal): void {
  if (principal.scopes === null) return;
  const needed = def.scope ?? 'signed-in';
  if (needed === 'signed-in')
    throw new HttpError(
      403,
      'This call manages the account and needs a signed-in session: API tokens cannot make it, whatever their scopes',
    );
  if (!principal.scopes.has(needed))
    throw new HttpError(403, `This API token lacks the scope this call needs: ${needed}`);
}
