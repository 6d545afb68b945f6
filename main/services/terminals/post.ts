/**
 * A post's role as the kiosk answers it: what its process was started as
 * (KioskIo.post: browser mode's `web` a standalone kiosk, `hall` the hall
 * server; the installed program what its first run chose). A kiosk that
 * answers is running, so its role is chosen: `post.configure` is refused
 * here always (the installed program's first run answers it before any
 * kiosk exists, main/electron/post-start.ts).
 */
import { configureRefusal } from '../../../core/terminals/post.js';
import { commandWith, query, type HandlerSlice } from '../shared/context.js';

export const postHandlers: HandlerSlice<'post.status' | 'post.configure'> = {
  'post.status': query((ctx) => ctx.io.post()),
  'post.configure': commandWith(
    (ctx) => Promise.reject(configureRefusal(ctx.io.post())),
    () => {
      throw new Error('post.configure: refused before its transaction');
    },
  ),
};
