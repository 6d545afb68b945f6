import { useState, type FormEvent } from 'react';
import type { ClientError, ClientResult } from '../../client.js';

/**
 * A settings form's submit: the fields checked first (a bad one said at
 * once, nothing sent), then the input sent once at a time; the kiosk's
 * refusal shown, its answer handed to `onSaved`.
 */
export function useCheckedSubmit<I, O>(
  check: () => { ok: true; input: I } | { ok: false; message: string },
  send: (input: I) => Promise<ClientResult<O>>,
  onSaved: (value: O) => void,
) {
  const [error, setError] = useState<ClientError | string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const r = check();
    if (!r.ok) {
      setError(r.message);
      return;
    }
    setBusy(true);
    setError(null);
    const saved = await send(r.input);
    setBusy(false);
    if (!saved.ok) {
      setError(saved.error);
      return;
    }
    onSaved(saved.value);
  };
  return { error, busy, submit };
}
