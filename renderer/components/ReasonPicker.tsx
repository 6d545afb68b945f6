import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { REASON_MIN, reasonIssue, TYPED_REASON_MAX, type ReasonAct } from '../../core/reasons/rules.js';
import { useKioskQuery } from '../hooks.js';
import { Dialog } from './Dialog.js';
import { TouchKeyboard } from './TouchKeyboard.js';

interface Props {
  /** Whose list is offered (the hall's, as a manager set it in Configuração → Motivos). */
  act: ReasonAct;
  label: string;
  /** The reason chosen or typed: the text the act's command is sent. */
  value: string;
  onChange: (reason: string) => void;
  /** `<testId>-choice-<n>` the list's buttons, `<testId>-other` "Outro…", `<testId>` the words' field, `<testId>-use` its button. */
  testId: string;
  disabled?: boolean;
}

/**
 * A reason by touch (issue 38): the hall's reasons for the act as big
 * buttons, one tap each, and "Outro…", which opens the on-screen keyboard for
 * words of one's own. The typed words then show in place of "Outro…" (a tap
 * there edits them).
 */
export function ReasonPicker({ act, label, value, onChange, testId, disabled = false }: Props) {
  const lists = useKioskQuery('reasons.get', {});
  const [typing, setTyping] = useState(false);
  return (
    <>
      <ReasonChoices
        reasons={lists.data?.[act] ?? []}
        label={label}
        value={value}
        testId={testId}
        disabled={disabled}
        onChoose={onChange}
        onOther={() => setTyping(true)}
      />
      {typing
        ? createPortal(
            <WordsDialog
              title={label}
              initial={(lists.data?.[act] ?? []).includes(value) ? '' : value}
              max={TYPED_REASON_MAX}
              testId={testId}
              onUse={(words) => {
                onChange(words);
                setTyping(false);
              }}
              onClose={() => setTyping(false)}
            />,
            document.body,
          )
        : null}
    </>
  );
}

/** The list's buttons and "Outro…" (rendered alone in the unit tests). */
export function ReasonChoices({
  reasons,
  label,
  value,
  testId,
  disabled = false,
  onChoose,
  onOther,
}: {
  reasons: readonly string[];
  label: string;
  value: string;
  testId: string;
  disabled?: boolean;
  onChoose: (reason: string) => void;
  onOther: () => void;
}) {
  const { t } = useTranslation();
  const typed = value !== '' && !reasons.includes(value);
  return (
    <fieldset className="reason-picker" data-testid={`${testId}-picker`} disabled={disabled}>
      <legend>{label}</legend>
      <div className="reason-choices">
        {reasons.map((r, i) => (
          <button key={r} type="button" className={`btn reason-choice${value === r ? ' active' : ''}`} aria-pressed={value === r} data-testid={`${testId}-choice-${i + 1}`} onClick={() => onChoose(r)}>
            {r}
          </button>
        ))}
        <button type="button" className={`btn reason-choice reason-other${typed ? ' active' : ''}`} aria-pressed={typed} data-testid={`${testId}-other`} onClick={onOther}>
          {typed ? value : t('reasons.other')}
        </button>
      </div>
    </fieldset>
  );
}

/**
 * A reason in words: a field and the on-screen keyboard under it; Enter or
 * "Usar" takes them when they make a reason of at most `max` characters
 * ("Outro…" at the counter, a list's entry in Configuração → Motivos).
 */
export function WordsDialog({
  title,
  initial,
  max,
  testId,
  useLabel,
  onUse,
  onClose,
}: {
  title: string;
  initial: string;
  max: number;
  testId: string;
  useLabel?: string;
  onUse: (words: string) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [words, setWords] = useState(initial);
  const [shift, setShift] = useState(initial === '');
  const [problem, setProblem] = useState<string | null>(null);
  const field = useRef<HTMLInputElement>(null);
  // The field takes the focus once the dialog is shown (the dialog, opened after its children mount, would keep it).
  useEffect(() => {
    const frame = requestAnimationFrame(() => field.current?.focus());
    return () => cancelAnimationFrame(frame);
  }, []);
  const change = (next: string) => {
    setWords(next);
    setProblem(null);
  };
  const use = () => {
    const issue = reasonIssue(words, max);
    if (issue) {
      setProblem(t(`reasons.issue.${issue}`, { min: REASON_MIN, max }));
      field.current?.focus();
    } else onUse(words.trim());
  };
  const onKeyDown = (e: KeyboardEvent) => {
    // Enter takes the words; it never submits the form the picker sits in.
    if (e.key === 'Enter') {
      e.preventDefault();
      use();
    }
  };
  return (
    <Dialog title={title} onClose={onClose} testId={`${testId}-dialog`} className="dialog-keyboard">
      <div className="form other-reason">
        <label>
          {t('reasons.otherField')}
          <input
            ref={field}
            data-testid={testId}
            value={words}
            maxLength={max}
            autoComplete="off"
            aria-describedby={problem ? `${testId}-problem` : undefined}
            onChange={(e) => {
              change(e.target.value);
              setShift(e.target.value === '');
            }}
            onKeyDown={onKeyDown}
          />
        </label>
        <p className={problem ? 'alert' : 'hint'} id={`${testId}-problem`} role={problem ? 'alert' : undefined} data-testid={`${testId}-problem`}>
          {problem ?? t('reasons.otherHint', { count: [...words.trim()].length, max })}
        </p>
        <TouchKeyboard field={field} value={words} onChange={change} shift={shift} onShift={setShift} maxLength={max} testId={`${testId}-keyboard`} />
        <div className="dialog-actions">
          <button type="button" className="btn" onClick={onClose} data-testid={`${testId}-cancel`}>
            {t('common.cancel')}
          </button>
          <button type="button" className="btn btn-primary btn-large" onClick={use} data-testid={`${testId}-use`}>
            {useLabel ?? t('reasons.use')}
          </button>
        </div>
      </div>
    </Dialog>
  );
}
