import { describe, expect, it } from 'vitest';
import { missingStartChecks } from './rules.js';

describe('the start-of-session checks (art. 5.2, 11.1)', () => {
  it('names what is missing, balls first, and counts only the start phase', () => {
    expect(missingStartChecks([])).toEqual(['balls', 'material']);
    expect(missingStartChecks([{ phase: 'end', kind: 'balls' }, { phase: 'start', kind: 'material' }])).toEqual(['balls']);
    expect(missingStartChecks([{ phase: 'start', kind: 'material' }, { phase: 'start', kind: 'balls' }])).toEqual([]);
  });
});
