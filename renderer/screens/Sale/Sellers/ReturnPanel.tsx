/**
 * A seller's block collected (DN 80/85, art. 13.º: "o caixa fará a recolha dos cartões excedentes"): the first
 * unsold card typed on the keypad or scanned ("todos vendidos" in one touch), the seller's cash counted by
 * denomination in front of them, then owed / counted / difference said before anything is recorded; a difference
 * over the hall's threshold goes to a manager, who accepts it with a reason.
 */
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { blockReturn, sellerSettlement, type SellerSettlement } from '../../../../core/bingo/sellers.js';
import type { SellerBlockView } from '../../../../core/bingo/sellers-contract.js';
import type { GameView } from '../../../../core/contract.js';
import { errorMessage, KioskError, type Lang } from '../../../../core/errors.js';
import { invoke } from '../../../client.js';
import { ApprovalDialog } from '../../../components/ApprovalDialog.js';
import { ConfirmDialog } from '../../../components/ConfirmDialog.js';
import { useFormat, useHallZone } from '../../../format.js';
import { useKioskQuery } from '../../../hooks.js';
import { formatRanges, type CardRange } from '../../../lib/ranges.js';
import { cardKey, readFirstUnsold } from '../../../lib/sellers.js';
import { CountForm } from '../../../components/CountForm.js';

interface Reading {
  firstUnsold: { seriesCode: string; number: number } | null;
  sold: CardRange[];
  returned: CardRange[];
}

interface Counted {
  map: Record<string, number>;
  settlement: SellerSettlement;
}

const countOf = (ranges: readonly CardRange[]) => ranges.reduce((n, r) => n + r.to - r.from + 1, 0);

/** The block cut at the card read (or all sold); a card not of the block is said in the kiosk's own words. */
function readBlock(block: SellerBlockView, card: Reading['firstUnsold'], allSold: boolean, words: (e: KioskError) => string): { reading: Reading | null; readError: string | null } {
  if (!allSold && card === null) return { reading: null, readError: null };
  try {
    return { reading: { firstUnsold: card, ...blockReturn(block.ranges, card, block.seller.name) }, readError: null };
  } catch (e) {
    if (!(e instanceof KioskError)) throw e;
    return { reading: null, readError: words(e) };
  }
}

export function ReturnPanel({ block, game, onCancel, onDone }: { block: SellerBlockView; game: GameView; onCancel: () => void; onDone: (b: SellerBlockView) => void }) {
  const { t, i18n } = useTranslation();
  const f = useFormat();
  const zone = useHallZone();
  const lang: Lang = i18n.language === 'en' ? 'en' : 'pt-PT';
  const settings = useKioskQuery('settings.get', {});
  const series = [...new Set(block.ranges.map((r) => r.seriesCode))];
  const firstSeries = series[0]!;
  const [text, setText] = useState(`${firstSeries} `);
  const [allSold, setAllSold] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [counted, setCounted] = useState<Counted | null>(null);
  const panel = useRef<HTMLDivElement>(null);

  // What the card read says, worked out by the same rule the kiosk applies (core/bingo/sellers.ts).
  // A card not of the block: said short beside the keys (the kiosk's own refusal says the same at length).
  const { reading, readError } = readBlock(block, allSold ? null : readFirstUnsold(text, firstSeries), allSold, (e) =>
    e.code === 'SELLER_RETURN_NOT_IN_BLOCK' ? t('sellers.notInBlock', { card: `${e.params.code} ${e.params.card}`, cards: formatRanges(block.ranges) }) : errorMessage(e.code, e.params, lang, zone),
  );

  const key = (k: string) => {
    setAllSold(false);
    setError(null);
    setText((x) => cardKey(x, k, firstSeries));
  };
  const count = (map: Record<string, number>, cents: number) => {
    if (!reading) {
      // Said where the card is read (in sight beside the keypad): a misread card already is.
      if (!readError) setError(t('sellers.cardMissing'));
      return;
    }
    const threshold = settings.data?.drawerVarianceThresholdCents ?? 0;
    setCounted({ map, settlement: sellerSettlement({ sold: reading.sold, priceCents: game.priceCents, countedCents: cents, thresholdCents: threshold }) });
  };
  const input = (r: Reading, c: Counted) => ({ blockId: block.blockId, firstUnsold: r.firstUnsold, countedByDenomination: c.map });

  return (
    <section className="panel sellers-return" aria-labelledby="sellers-return-title" data-testid="sellers-return">
      <div className="sellers-return-card">
        <h2 id="sellers-return-title">{t('sellers.returnTitle', { name: block.seller.name })}</h2>
        <p className="sellers-return-block" data-testid="sellers-return-block">
          {t('sellers.returnBlock', { cards: formatRanges(block.ranges), count: block.cards })}
        </p>
        <label className="field-label" htmlFor="sellers-first-unsold">
          {t('sellers.firstUnsold')}
        </label>
        <input
          id="sellers-first-unsold"
          className="sellers-card-input"
          data-testid="sellers-first-unsold"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={40}
          autoFocus
          value={allSold ? '' : text}
          placeholder={allSold ? t('sellers.allSoldValue') : undefined}
          aria-describedby="sellers-first-unsold-hint"
          onChange={(e) => {
            setError(null);
            // Typed over "Todos vendidos": a card after all, of the block's first series unless it says another.
            setText(allSold && /^\d+$/.test(e.target.value) ? `${firstSeries} ${e.target.value}` : e.target.value);
            setAllSold(false);
          }}
          onKeyDown={(e) => {
            // A scanner ends with Enter: on to the count.
            if (e.key !== 'Enter') return;
            e.preventDefault();
            panel.current?.querySelector<HTMLInputElement>('.count-input')?.focus();
          }}
        />
        {series.length > 1 ? (
          <div className="sellers-series" role="group" aria-label={t('sellers.seriesLabel')}>
            {series.map((code) => (
              <button key={code} type="button" className="btn btn-small" data-testid={`sellers-series-${code}`} onClick={() => key(`series:${code}`)}>
                {code}
              </button>
            ))}
          </div>
        ) : null}
        <div className="keypad sellers-keypad" role="group" aria-label={t('sellers.keypad')}>
          {['7', '8', '9', '4', '5', '6', '1', '2', '3'].map((d) => (
            <button key={d} type="button" className="key" tabIndex={-1} data-testid={`sellers-key-${d}`} onMouseDown={(e) => e.preventDefault()} onClick={() => key(d)}>
              {d}
            </button>
          ))}
          <button type="button" className="key key-secondary" tabIndex={-1} data-testid="sellers-key-clear" aria-label={t('sellers.keyClear')} onMouseDown={(e) => e.preventDefault()} onClick={() => key('clear')}>
            C
          </button>
          <button type="button" className="key" tabIndex={-1} data-testid="sellers-key-0" onMouseDown={(e) => e.preventDefault()} onClick={() => key('0')}>
            0
          </button>
          <button type="button" className="key key-secondary" tabIndex={-1} data-testid="sellers-key-back" aria-label={t('sellers.keyBack')} onMouseDown={(e) => e.preventDefault()} onClick={() => key('back')}>
            ⌫
          </button>
        </div>
        <button
          type="button"
          className={`btn sellers-all-sold${allSold ? ' btn-primary' : ''}`}
          aria-pressed={allSold}
          data-testid="sellers-all-sold"
          onClick={() => {
            setError(null);
            setAllSold(true);
          }}
        >
          {t('sellers.allSold')}
        </button>
        <div className="sellers-reading" aria-live="polite" data-testid="sellers-reading">
          {reading ? (
            <>
              <p>
                {t('sellers.readSold', { count: countOf(reading.sold), cards: reading.sold.length > 0 ? formatRanges(reading.sold) : '—' })}
                {' · '}
                <strong data-testid="sellers-reading-owed">{t('sellers.readOwed', { owed: f.money(countOf(reading.sold) * game.priceCents) })}</strong>
              </p>
              <p>{reading.returned.length > 0 ? t('sellers.readBack', { count: countOf(reading.returned), cards: formatRanges(reading.returned) }) : t('sellers.readNoneBack')}</p>
            </>
          ) : readError ? (
            <p className="alert" role="alert" data-testid="sellers-read-error">
              {readError}
            </p>
          ) : error ? (
            <p className="alert" role="alert" data-testid="sellers-return-error">
              {error}
            </p>
          ) : (
            <p className="hint">{t('sellers.readNothing')}</p>
          )}
        </div>
        <p className="hint" id="sellers-first-unsold-hint">
          {t('sellers.firstUnsoldHint')}
        </p>
      </div>
      <div className="sellers-return-count" ref={panel}>
        <CountForm
          prefix="seller"
          title={t('sellers.countTitle', { name: block.seller.name })}
          hint={t('sellers.countHint')}
          submitLabel={t('sellers.countSubmit')}
          onCancel={onCancel}
          onSubmit={(map, cents) => count(map, cents)}
        />
      </div>
      {counted && reading ? (
        counted.settlement.needsAcceptance ? (
          <ApprovalDialog
            title={t('sellers.approvalTitle', { name: block.seller.name })}
            explain={t('sellers.approvalExplain', { threshold: f.money(settings.data?.drawerVarianceThresholdCents ?? 0) })}
            submitLabel={t('sellers.approvalSubmit')}
            testId="sellers-approval-dialog"
            reason={{ label: t('sellers.approvalReason'), act: 'drawer.variance' }}
            onSubmit={(approval, reason) => invoke('seller.return', { ...input(reading, counted), approval, reason })}
            onDone={onDone}
            onClose={() => setCounted(null)}
          >
            <Figures block={block} reading={reading} settlement={counted.settlement} />
          </ApprovalDialog>
        ) : (
          <ConfirmDialog
            title={t('sellers.confirmTitle', { name: block.seller.name })}
            confirmLabel={t('sellers.confirm')}
            testId="sellers-return-dialog"
            confirmTestId="sellers-return-confirm"
            onConfirm={() => invoke('seller.return', input(reading, counted))}
            onDone={onDone}
            onClose={() => setCounted(null)}
          >
            <Figures block={block} reading={reading} settlement={counted.settlement} />
            <p className="hint">{t('sellers.confirmHint')}</p>
          </ConfirmDialog>
        )
      ) : null}
    </section>
  );
}

/** Owed, counted and the difference, with the cards they come from: what the caixa (or the manager) agrees to. */
function Figures({ block, reading, settlement }: { block: SellerBlockView; reading: Reading; settlement: SellerSettlement }) {
  const { t } = useTranslation();
  const f = useFormat();
  const d = settlement.differenceCents;
  return (
    <div className="sellers-figures">
      <p data-testid="sellers-confirm-what">
        {t('sellers.confirmWhat', {
          name: block.seller.name,
          count: settlement.cardsSold,
          sold: reading.sold.length > 0 ? formatRanges(reading.sold) : '—',
          back: reading.returned.length > 0 ? formatRanges(reading.returned) : t('sellers.nothing'),
        })}
      </p>
      <dl className="sellers-figures-row">
        <div>
          <dt>{t('sellers.owed', { count: settlement.cardsSold })}</dt>
          <dd data-testid="sellers-confirm-owed">{f.money(settlement.owedCents)}</dd>
        </div>
        <div>
          <dt>{t('sellers.counted')}</dt>
          <dd data-testid="sellers-confirm-counted">{f.money(settlement.countedCents)}</dd>
        </div>
        <div className={d === 0 ? undefined : d < 0 ? 'short' : 'over'}>
          <dt>{t('sellers.difference')}</dt>
          <dd data-testid="sellers-confirm-difference">{f.money(d)}</dd>
        </div>
      </dl>
    </div>
  );
}
