import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { TokenCheckStatus } from '@mako/ui';

/**
 * Redeems a one-time token exactly once per token, even when React runs effects twice in
 * development: a second attempt would find the link already used and report it as invalid.
 */
export function useRedeemOnce(token: string, redeem: (token: string) => Promise<unknown>, onRedeemed: () => void) {
  const mutation = useMutation({ mutationFn: redeem, onSuccess: onRedeemed });
  const { mutate } = mutation;
  const redeemedToken = useRef<string | null>(null);
  useEffect(() => {
    if (redeemedToken.current === token) return;
    redeemedToken.current = token;
    mutate(token);
  }, [token, mutate]);
  const status: TokenCheckStatus = mutation.isError ? 'error' : mutation.isSuccess ? 'success' : 'verifying';
  return { status, error: mutation.error ? mutation.error.message : null };
}
