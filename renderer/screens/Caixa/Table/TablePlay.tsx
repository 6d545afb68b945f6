import { useState } from 'react';
import { useKioskQuery } from '../../../hooks.js';
import { BetEntry } from './BetEntry.js';
import { BetsBox } from './BetsBox.js';
import { LaunchWay } from './LaunchWay.js';
import { NullSpinDialog } from './NullSpinDialog.js';
import { SideBox, type Side } from './SideBox.js';
import { NumberDrawn, SpinActs } from './SpinActs.js';
import type { Table } from './types.js';
import { useSettlement } from './useSettlement.js';
import { useSpinLog } from './useSpinLog.js';

/**
 * One table's sheet: the play (cloth, bet, bets or settlement) beside the spin's acts (the launch's way, the number
 * drawn, settle, record) and a box of the log, the limits, the colours or a new table. Keyed by the table: its
 * bets and number are that table's.
 */
export function TablePlay({ table, onRegistered }: { table: Table; onRegistered: (code: string) => void }) {
  // The colours marked at the table (IX.7): listed, and offered to the bets in colour chips.
  const colours = useKioskQuery('table.colourChips', { tableCode: table.code });
  const chips = colours.data?.chips ?? [];
  const log = useSpinLog(table);
  const settlement = useSettlement(table);
  const [side, setSide] = useState<Side>('log');

  const record = async () => {
    settlement.clearError();
    // The new line is shown where it is written.
    if (await log.spin(settlement.numberText)) setSide('log');
  };

  return (
    <div className="table-sheet-grid">
      <div className="table-sheet-play">
        <BetEntry colours={chips} bets={settlement.bets} drawn={settlement.result?.number ?? null} onAdd={settlement.add} />
        <BetsBox colours={chips} bets={settlement.bets} result={settlement.result} onRemove={settlement.remove} onBack={settlement.back} />
      </div>
      <div className="table-sheet-side">
        <LaunchWay log={log} />
        <NumberDrawn settlement={settlement} />
        <SpinActs log={log} onRecord={() => void record()} />
        <SideBox table={table} log={log} colours={colours} side={side} onSide={setSide} settleError={settlement.error} onRegistered={onRegistered} />
      </div>
      {log.asking ? <NullSpinDialog log={log} /> : null}
    </div>
  );
}
