import { useState } from 'react';

/**
 * A settings list with one form under it that adds a row or edits one (the
 * machines, the printers): the row being edited, the form's key (a new one
 * after a save, or a new edit, starts the form again from its initial values)
 * and the last save's message.
 */
export function useEditedRow<T>(idOf: (row: T) => string, reload: () => Promise<unknown>) {
  const [editing, setEditing] = useState<T | null>(null);
  const [formKey, setFormKey] = useState(0);
  const [saved, setSaved] = useState<string | null>(null);
  return {
    editing,
    saved,
    formKey: editing ? `edit-${idOf(editing)}-${formKey}` : `new-${formKey}`,
    /** Editing the same row again starts its form again from the kiosk's values. */
    edit(row: T) {
      setSaved(null);
      setEditing(row);
      setFormKey((k) => k + 1);
    },
    stopEditing: () => setEditing(null),
    clearSaved: () => setSaved(null),
    onSaved(message: string) {
      setSaved(message);
      setEditing(null);
      setFormKey((k) => k + 1);
      void reload();
    },
  };
}
