import { useEffect, useRef } from 'react';
import { notify } from '../lib/notices/notify.ts';

export const GOOGLE_IDENTITY_SCRIPT = 'https://accounts.google.com/gsi/client';
export const GOOGLE_WIDGET_FAILED = 'Failed to login with Google, please try again later.';
/** Google's widget refuses widths outside 200–400 px. */
const MIN_WIDTH = 200;
const MAX_WIDTH = 400;

export const googleLoginFailed = (message: string | null | undefined) =>
  `Failed to login with Google: ${message?.trim() || 'Unknown error'}`;

interface CredentialResponse {
  credential?: string;
}

/** The part of Google Identity Services this button uses. */
export interface GoogleIdentity {
  accounts: {
    id: {
      initialize(config: { client_id: string; callback: (response: CredentialResponse) => void }): void;
      renderButton(parent: HTMLElement, options: Record<string, unknown>): void;
    };
  };
}

declare global {
  interface Window {
    google?: GoogleIdentity;
  }
}

let loading: Promise<GoogleIdentity> | null = null;

/** Adds Google's script once per page; rejects when it cannot be loaded (offline, blocked). */
export function loadGoogleIdentity(): Promise<GoogleIdentity> {
  if (window.google?.accounts.id) return Promise.resolve(window.google);
  loading ??= new Promise<GoogleIdentity>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = GOOGLE_IDENTITY_SCRIPT;
    script.async = true;
    script.onload = () =>
      window.google ? resolve(window.google) : reject(new Error('Google Identity Services missing'));
    script.onerror = () => reject(new Error('Google Identity Services could not be loaded'));
    document.head.append(script);
  }).catch((error: unknown) => {
    // The next attempt (another visit to the page) may succeed.
    loading = null;
    throw error;
  });
  return loading;
}

export interface GoogleSignInButtonProps {
  clientId: string;
  /** Receives Google's ID token after the user picked an account. */
  onCredential: (idToken: string) => void;
  theme?: 'light' | 'dark';
  load?: () => Promise<GoogleIdentity>;
}

/**
 * Google's own sign-in button, as wide as its container. A script that fails to load, or a
 * callback without a credential, toasts 'Failed to login with Google, please try again later.'.
 */
export function GoogleSignInButton({
  clientId,
  onCredential,
  theme = 'light',
  load = loadGoogleIdentity,
}: GoogleSignInButtonProps) {
  const container = useRef<HTMLDivElement>(null);
  const credentialHandler = useRef(onCredential);
  useEffect(() => {
    credentialHandler.current = onCredential;
  }, [onCredential]);

  useEffect(() => {
    let cancelled = false;
    load().then(
      (google) => {
        const parent = container.current;
        if (cancelled || !parent) return;
        try {
          google.accounts.id.initialize({
            client_id: clientId,
            callback: (response) => {
              if (response.credential) credentialHandler.current(response.credential);
              else notify.error(GOOGLE_WIDGET_FAILED);
            },
          });
          const width = Math.min(MAX_WIDTH, Math.max(MIN_WIDTH, Math.round(parent.getBoundingClientRect().width)));
          parent.replaceChildren();
          google.accounts.id.renderButton(parent, {
            type: 'standard',
            theme: theme === 'dark' ? 'filled_black' : 'outline',
            size: 'large',
            text: 'signup_with',
            shape: 'rectangular',
            width,
          });
        } catch {
          notify.error(GOOGLE_WIDGET_FAILED);
        }
      },
      () => {
        if (!cancelled) notify.error(GOOGLE_WIDGET_FAILED);
      },
    );
    return () => {
      cancelled = true;
    };
  }, [clientId, theme, load]);

  return (
    <div
      ref={container}
      data-testid="google-sign-in"
      style={{ width: '100%', minHeight: 44, display: 'flex', justifyContent: 'center' }}
    />
  );
}
