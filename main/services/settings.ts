import { DEFAULT_SETTINGS, type HallSettings } from '../../core/settings.js';
import type { Settings } from '../../core/contract.js';
import { KioskError } from '../../core/errors.js';
import { stmt, type Db } from '../../db/connection.js';
import type { Handler } from './context.js';

export function hallSettings(db: Db): HallSettings {
  const rows = stmt<[], { key: string; value: string }>(db, `SELECT key, value FROM settings`).all();
  const stored = Object.fromEntries(rows.map((r) => [r.key, JSON.parse(r.value) as unknown]));
  return { ...DEFAULT_SETTINGS, ...(stored as Partial<HallSettings>) };
}

function readAll(db: Db): Settings {
  const hall = stmt<[], { name: string; licence: string | null }>(db, `SELECT name, licence FROM hall WHERE id = 1`).get();
  if (!hall) throw new KioskError('NOT_INITIALIZED');
  return { hallName: hall.name, licence: hall.licence, ...hallSettings(db) };
}

export const getSettings: Handler<'settings.get'> = (ctx) => readAll(ctx.db);

export const updateSettings: Handler<'settings.update'> = (ctx, input) => {
  const before = readAll(ctx.db);
  const { hallName, licence, ...rest } = input;
  if (hallName !== undefined) stmt(ctx.db, `UPDATE hall SET name = ? WHERE id = 1`).run(hallName);
  if (licence !== undefined) stmt(ctx.db, `UPDATE hall SET licence = ? WHERE id = 1`).run(licence);
  const upsert = stmt(ctx.db, `INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value`);
  for (const [key, value] of Object.entries(rest)) {
    if (value !== undefined) upsert.run(key, JSON.stringify(value));
  }
  const after = readAll(ctx.db);
  ctx.audit.before = before;
  ctx.audit.after = after;
  return after;
};
