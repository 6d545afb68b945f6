/**
 * Browser mode's access token: the kiosk prints `http://127.0.0.1:PORT/#token=T`.
 * It is read once from the fragment, kept in sessionStorage (so a reload keeps
 * working) and removed from the address bar.
 */

export const ACCESS_TOKEN_KEY = 'kiosk.accessToken';

/** `#token=abc&x=1` -> { token: 'abc', rest: '#x=1' }; no token -> token null. */
export function takeTokenFromHash(hash: string): { token: string | null; rest: string } {
  const raw = hash.startsWith('#') ? hash.slice(1) : hash;
  if (raw === '') return { token: null, rest: '' };
  const params = new URLSearchParams(raw);
  const token = params.get('token');
  if (token === null) return { token: null, rest: hash };
  params.delete('token');
  const left = params.toString();
  return { token: token.trim() === '' ? null : token.trim(), rest: left === '' ? '' : `#${left}` };
}

interface Env {
  location: Pick<Location, 'hash' | 'pathname' | 'search'>;
  history: Pick<History, 'replaceState' | 'state'>;
  storage: Pick<Storage, 'getItem' | 'setItem'>;
}

/** Read the token from the URL fragment (then storage); clean the address bar. */
export function loadAccessToken(env: Env): string | null {
  const { token, rest } = takeTokenFromHash(env.location.hash);
  if (token !== null) {
    try {
      env.storage.setItem(ACCESS_TOKEN_KEY, token);
    } catch {
      // Storage may be disabled; the token still lives in memory.
    }
    env.history.replaceState(env.history.state, '', `${env.location.pathname}${env.location.search}${rest}`);
    return token;
  }
  try {
    return env.storage.getItem(ACCESS_TOKEN_KEY);
  } catch {
    return null;
  }
}
