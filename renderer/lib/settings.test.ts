import { describe, expect, it } from 'vitest';
import { facesFormat, formatPercent, parsePercent, parseWhole, settingsUpdate } from './settings.js';

describe('parsePercent (basis points)', () => {
  it.each([
    ['25', 2500],
    ['25,5', 2550],
    ['25,50', 2550],
    ['25.5', 2550],
    ['2,75', 275],
    ['0', 0],
    ['0,01', 1],
    ['100', 10_000],
    [' 25 % ', 2500],
  ])('%j -> %d', (text, bp) => expect(parsePercent(text)).toBe(bp));
  it.each(['', ',5', '25,555', '100,01', '101', '-5', 'vinte', '25,5,1', '1.000'])('refuses %j', (text) =>
    expect(parsePercent(text)).toBeNull(),
  );
  it('round-trips through formatPercent', () => {
    for (const bp of [0, 1, 10, 275, 2500, 2550, 2525, 10_000]) expect(parsePercent(formatPercent(bp))).toBe(bp);
    expect(formatPercent(2550)).toBe('25,5');
    expect(formatPercent(2500)).toBe('25');
    expect(formatPercent(5)).toBe('0,05');
  });
});

describe('parseWhole and facesFormat', () => {
  it('reads whole numbers within bounds', () => {
    expect(parseWhole('12', 1, 90)).toBe(12);
    expect(parseWhole('0', 1, 90)).toBeNull();
    expect(parseWhole('91', 1, 90)).toBeNull();
    expect(parseWhole('1,5', 1, 90)).toBeNull();
  });
  it('takes the format from the file name', () => {
    expect(facesFormat('serie-A.json')).toBe('json');
    expect(facesFormat('SERIE_B.CSV')).toBe('csv');
    expect(facesFormat('faces.txt')).toBeNull();
    expect(facesFormat('json')).toBeNull();
  });
});

describe('settingsUpdate', () => {
  const base = { hallName: 'Sala', licence: null, timeZone: 'Europe/Lisbon' as const, maxCardsPerSale: 100, chipsAllowed: false, stampDutyBasisPoints: null, specialPrize: null, drawerVarianceThresholdCents: 500, backupsKept: 40, backupCopyDir: null, backupCopiesKept: 14, guiaApprovalThresholdCents: 100_000, shiftHours: 12, longManagerPins: false, identificationMoment: 'prize' as const, entryRegister: false, identificationThresholdCents: 200_000 };
  const fields = { stamp: '25,5', specialOn: false, share: '', balls: '', starting: '', maxCards: '100', chips: false };
  it('sends the stamp duty in basis points and leaves the special prize alone when it never existed', () => {
    expect(settingsUpdate(fields, base)).toEqual({ ok: true, update: { chipsAllowed: false, stampDutyBasisPoints: 2550, maxCardsPerSale: 100 } });
  });
  it("sends the hall's time zone as chosen, and nothing of it when the form has none", () => {
    expect(settingsUpdate({ ...fields, timeZone: 'Atlantic/Azores' }, base)).toMatchObject({ ok: true, update: { timeZone: 'Atlantic/Azores' } });
    expect(settingsUpdate(fields, base)).toMatchObject({ ok: true, update: expect.not.objectContaining({ timeZone: expect.anything() }) });
  });
  it('needs a stamp duty once one is set, but not before', () => {
    expect(settingsUpdate({ ...fields, stamp: '' }, base)).toEqual({ ok: true, update: { chipsAllowed: false, maxCardsPerSale: 100 } });
    expect(settingsUpdate({ ...fields, stamp: '' }, { ...base, stampDutyBasisPoints: 2500 })).toEqual({ ok: false, field: 'stamp' });
    expect(settingsUpdate({ ...fields, stamp: '25,555' }, base)).toEqual({ ok: false, field: 'stamp' });
  });
  it('turns the special prize on with its share and N, checks them, and keeps them when turned off', () => {
    expect(settingsUpdate({ ...fields, specialOn: true, share: '2,5', balls: '40' }, base)).toMatchObject({
      ok: true,
      update: { specialPrize: { enabled: true, shareBasisPoints: 250, baseBalls: 40 } },
    });
    expect(settingsUpdate({ ...fields, specialOn: true, share: '0', balls: '40' }, base)).toEqual({ ok: false, field: 'share' });
    expect(settingsUpdate({ ...fields, specialOn: true, share: '5', balls: '91' }, base)).toEqual({ ok: false, field: 'balls' });
    const on = { ...base, specialPrize: { enabled: true, shareBasisPoints: 500, baseBalls: 40, startingCents: 50_000 } };
    expect(settingsUpdate({ ...fields, share: '', balls: '' }, on)).toMatchObject({
      ok: true,
      update: { specialPrize: { enabled: false, shareBasisPoints: 500, baseBalls: 40, startingCents: 50_000 } },
    });
  });
  it('reads the fund’s starting amount in euros (empty: 0) and refuses one that is not an amount or over 100 000 €', () => {
    const on = { ...fields, specialOn: true, share: '5', balls: '40' };
    expect(settingsUpdate({ ...on, starting: '' }, base)).toMatchObject({ ok: true, update: { specialPrize: { startingCents: 0 } } });
    expect(settingsUpdate({ ...on, starting: '500' }, base)).toMatchObject({ ok: true, update: { specialPrize: { startingCents: 50_000 } } });
    expect(settingsUpdate({ ...on, starting: '1 234,50 €' }, base)).toMatchObject({ ok: true, update: { specialPrize: { startingCents: 123_450 } } });
    expect(settingsUpdate({ ...on, starting: '100000' }, base)).toMatchObject({ ok: true, update: { specialPrize: { startingCents: 10_000_000 } } });
    expect(settingsUpdate({ ...on, starting: '100000,01' }, base)).toEqual({ ok: false, field: 'starting' });
    expect(settingsUpdate({ ...on, starting: '-5' }, base)).toEqual({ ok: false, field: 'starting' });
    expect(settingsUpdate({ ...on, starting: 'muito' }, base)).toEqual({ ok: false, field: 'starting' });
  });
  it('checks the most cards per sale', () => {
    expect(settingsUpdate({ ...fields, maxCards: '0' }, base)).toEqual({ ok: false, field: 'maxCards' });
  });
  it('reads the guia approval limit in euros: empty is never, a bad amount is refused, absent leaves it', () => {
    expect(settingsUpdate({ ...fields, guiaThreshold: '1 000' }, base)).toMatchObject({ ok: true, update: { guiaApprovalThresholdCents: 100_000 } });
    expect(settingsUpdate({ ...fields, guiaThreshold: '' }, base)).toMatchObject({ ok: true, update: { guiaApprovalThresholdCents: null } });
    expect(settingsUpdate({ ...fields, guiaThreshold: 'mil' }, base)).toEqual({ ok: false, field: 'guiaThreshold' });
    // The identification threshold (Lei n.º 83/2017, art. 76.º): from a cent to the law's 2 000,00 €.
    expect(settingsUpdate({ ...fields, identificationMoment: 'prize', identificationThreshold: '1 500,50' }, base)).toMatchObject({
      ok: true,
      update: { identificationMoment: 'prize', identificationThresholdCents: 150_050 },
    });
    expect(settingsUpdate({ ...fields, identificationThreshold: '2000' }, base)).toMatchObject({ ok: true, update: { identificationThresholdCents: 200_000 } });
    for (const bad of ['2000,01', '0', '', 'dois mil']) expect(settingsUpdate({ ...fields, identificationThreshold: bad }, base), bad).toEqual({ ok: false, field: 'identificationThreshold' });
    expect(settingsUpdate(fields, base)).toMatchObject({ ok: true });
    expect('guiaApprovalThresholdCents' in (settingsUpdate(fields, base) as { update: object }).update).toBe(false);
  });
  it('reads the shift length in whole hours from 1 to 24; absent leaves it', () => {
    expect(settingsUpdate({ ...fields, shiftHours: '8' }, base)).toMatchObject({ ok: true, update: { shiftHours: 8 } });
    expect(settingsUpdate({ ...fields, shiftHours: ' 24 ' }, base)).toMatchObject({ ok: true, update: { shiftHours: 24 } });
    for (const bad of ['', '0', '25', '7,5', 'doze']) expect(settingsUpdate({ ...fields, shiftHours: bad }, base)).toEqual({ ok: false, field: 'shiftHours' });
    expect('shiftHours' in (settingsUpdate(fields, base) as { update: object }).update).toBe(false);
  });
  it('sends the hall name trimmed, 2 to 80 characters; absent leaves it', () => {
    expect(settingsUpdate({ ...fields, hallName: '  Bingo São João, Praça 1.ª ' }, base)).toMatchObject({ ok: true, update: { hallName: 'Bingo São João, Praça 1.ª' } });
    expect(settingsUpdate({ ...fields, hallName: 'AB' }, base)).toMatchObject({ ok: true, update: { hallName: 'AB' } });
    expect(settingsUpdate({ ...fields, hallName: 'x'.repeat(80) }, base)).toMatchObject({ ok: true });
    for (const bad of ['', '   ', ' A ', 'x'.repeat(81)]) expect(settingsUpdate({ ...fields, hallName: bad }, base)).toEqual({ ok: false, field: 'hallName' });
    // The code page is the kiosk's to judge (TEXT_NOT_PRINTABLE): an emoji passes here.
    expect(settingsUpdate({ ...fields, hallName: 'Bingo 😀' }, base)).toMatchObject({ ok: true, update: { hallName: 'Bingo 😀' } });
    expect('hallName' in (settingsUpdate(fields, base) as { update: object }).update).toBe(false);
  });
  it('sends the licence trimmed, at most 80 characters; empty is none (null); absent leaves it', () => {
    expect(settingsUpdate({ ...fields, licence: ' Alvará n.º 7/2019 ' }, base)).toMatchObject({ ok: true, update: { licence: 'Alvará n.º 7/2019' } });
    expect(settingsUpdate({ ...fields, licence: '' }, { ...base, licence: 'DEMO-001' })).toMatchObject({ ok: true, update: { licence: null } });
    expect(settingsUpdate({ ...fields, licence: '   ' }, base)).toMatchObject({ ok: true, update: { licence: null } });
    expect(settingsUpdate({ ...fields, licence: 'x'.repeat(80) }, base)).toMatchObject({ ok: true });
    expect(settingsUpdate({ ...fields, licence: 'x'.repeat(81) }, base)).toEqual({ ok: false, field: 'licence' });
    expect('licence' in (settingsUpdate(fields, base) as { update: object }).update).toBe(false);
  });
  it('names the hall name first when several fields are wrong (the form’s first section)', () => {
    expect(settingsUpdate({ ...fields, hallName: 'A', licence: 'x'.repeat(81), stamp: 'mau' }, base)).toEqual({ ok: false, field: 'hallName' });
  });
});
