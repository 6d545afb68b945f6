/** A post's role, pure: the choice's input, the hall's address and fingerprint as typed, the refusal of a second choice. */
import { describe, expect, it } from 'vitest';
import { KioskError } from '../refusal.js';
import { configureRefusal, fingerprintOfTyped, hallAddressOf, postChoiceOf, postConfigureSchema, runningPost, unchosenPost } from './post.js';

const code = (f: () => unknown) => {
  try {
    f();
  } catch (e) {
    return e instanceof KioskError ? { code: e.code, params: e.params } : e;
  }
  return null;
};

describe('hallAddressOf', () => {
  it('keeps the origin of an https address with its port', () => {
    expect(hallAddressOf(' https://192.168.1.10:7443 ')).toBe('https://192.168.1.10:7443');
    expect(hallAddressOf('https://192.168.1.10:7443/')).toBe('https://192.168.1.10:7443');
    expect(hallAddressOf('https://[fe80::1]:8443')).toBe('https://[fe80::1]:8443');
    expect(hallAddressOf('https://SALA.local:7443')).toBe('https://sala.local:7443');
  });
  it.each(['http://192.168.1.10:7443', 'https://192.168.1.10', 'https://192.168.1.10:443', 'https://u:p@10.0.0.1:7443', 'https://10.0.0.1:7443/rpc', 'https://10.0.0.1:7443/?a=1', '192.168.1.10:7443', ''])(
    'refuses %j',
    (typed) => {
      expect(code(() => hallAddressOf(typed))).toEqual({ code: 'POST_HALL_ADDRESS_INVALID', params: { hallUrl: typed.trim() } });
    },
  );
});

describe('fingerprintOfTyped', () => {
  const hex = '0123456789abcdef'.repeat(4);
  it('reads it in any letter case, with colons or spaces between the pairs', () => {
    expect(fingerprintOfTyped(`sha256:${hex}`)).toBe(`sha256:${hex}`);
    expect(fingerprintOfTyped(`SHA256:${hex.toUpperCase()}`)).toBe(`sha256:${hex}`);
    expect(fingerprintOfTyped(`sha256:${hex.match(/../g)!.join(':')}`)).toBe(`sha256:${hex}`);
    expect(fingerprintOfTyped(` sha256:${hex.match(/.{8}/g)!.join(' ')} `)).toBe(`sha256:${hex}`);
  });
  it.each([hex, `sha1:${hex}`, `sha256:${hex.slice(1)}`, `sha256:${hex}00`, `sha256:${hex.slice(2)}zz`])('refuses %j', (typed) => {
    expect(code(() => fingerprintOfTyped(typed))).toMatchObject({ code: 'POST_FINGERPRINT_INVALID' });
  });
});

describe('the choice', () => {
  it('fills the hall server\'s defaults and keeps each mode to its own fields', () => {
    expect(postChoiceOf(postConfigureSchema.parse({ mode: 'hall' }))).toEqual({ mode: 'hall', terminalsPort: 7443, bind: '0.0.0.0' });
    expect(postChoiceOf(postConfigureSchema.parse({ mode: 'standalone' }))).toEqual({ mode: 'standalone' });
    expect(postChoiceOf(postConfigureSchema.parse({ mode: 'counter', hallUrl: 'https://a:1', fingerprint: 'f', code: 'c' }))).toEqual({ mode: 'counter', hallUrl: 'https://a:1', fingerprint: 'f', code: 'c' });
    expect(postConfigureSchema.safeParse({ mode: 'counter', hallUrl: 'https://a:1', fingerprint: 'f' }).success).toBe(false);
    expect(postConfigureSchema.safeParse({ mode: 'standalone', code: 'c' }).success).toBe(false);
    expect(postConfigureSchema.safeParse({ mode: 'hall', terminalsPort: 70000 }).success).toBe(false);
    expect(postConfigureSchema.safeParse({ mode: 'hall', extra: 1 }).success).toBe(false);
  });

  it('is refused once a role runs: in the installed program as chosen, in browser mode as not its place', () => {
    expect(configureRefusal(runningPost('hall', { installed: true }))).toMatchObject({ code: 'POST_ALREADY_CHOSEN', params: { mode: 'hall' } });
    expect(configureRefusal(runningPost('counter'))).toMatchObject({ code: 'POST_CHOICE_INSTALLED_ONLY' });
    expect(unchosenPost()).toEqual({ mode: null, needsChoice: true, installed: true, hall: null, counter: null });
  });
});
