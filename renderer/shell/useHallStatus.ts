import { useCallback, useEffect, useState } from 'react';
import type { ChannelOutput } from '../../core/contract.js';
import { invoke, type ClientError } from '../client.js';
import { useKioskEvents } from '../hooks.js';
import { touches } from '../lib/topics.js';

/**
 * The post and the hall as the kiosk says them: a post's role still to choose (the installed program's first run),
 * the hall's set-up state and name, or why they could not be read; read again when the hall changes.
 */
export function useHallStatus(transport: boolean) {
  const [status, setStatus] = useState<ChannelOutput<'setup.status'> | null>(null);
  // Once the setup screen is up it stays until its admin has written the recovery code down, though the hall now exists.
  const [inSetup, setInSetup] = useState(false);
  const [statusError, setStatusError] = useState<ClientError | null>(null);
  // The installed program's first run: the post's role is chosen before anything else (its screen stays until its result is read).
  const [choosingPost, setChoosingPost] = useState(false);

  const loadStatus = useCallback(async () => {
    const post = await invoke('post.status', {});
    if (post.ok && post.value.needsChoice) {
      setChoosingPost(true);
      setStatusError(null);
      return;
    }
    const r = await invoke('setup.status', {});
    if (r.ok) {
      setStatus(r.value);
      if (!r.value.initialized) setInSetup(true);
      setStatusError(null);
    } else {
      setStatusError(r.error);
    }
  }, []);

  useEffect(() => {
    if (transport) void loadStatus();
  }, [transport, loadStatus]);

  // The hall's name and set-up state (topic 'hall'); after a failure, any sign of life retries.
  useKioskEvents((events) => {
    if (statusError || events.some((e) => touches('setup.status', e))) void loadStatus();
  });

  return {
    status,
    statusError,
    inSetup,
    setupDone: () => setInSetup(false),
    choosingPost,
    postChosen: () => setChoosingPost(false),
    loadStatus,
  };
}
