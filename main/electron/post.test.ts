/** What the installed program starts as: every branch of planPost, and post.json read strictly. */
import { describe, expect, it } from 'vitest';
import { parsePostFile, planPost, postFileText, postModeOf, type PostArgs, type PostDisk } from './post.js';

const noArgs: PostArgs = { post: null, terminalsPort: null, bind: null };
const empty: PostDisk = { postFile: null, hasDatabase: false, hasIdentity: false };

describe('planPost', () => {
  it('asks at the first run: no role, no database, no enrolment', () => {
    expect(planPost(empty, noArgs)).toEqual({ kind: 'choose' });
  });

  it('keeps a kiosk installed before roles working: a database and no post.json is standalone', () => {
    expect(planPost({ ...empty, hasDatabase: true }, noArgs)).toEqual({ kind: 'standalone' });
    // A database wins over an enrolment beside it (a counter has no database of its own).
    expect(planPost({ ...empty, hasDatabase: true, hasIdentity: true }, noArgs)).toEqual({ kind: 'standalone' });
  });

  it('takes a folder enrolled by npm run counter for that counter', () => {
    expect(planPost({ ...empty, hasIdentity: true }, noArgs)).toEqual({ kind: 'counter' });
  });

  it('follows post.json', () => {
    expect(planPost({ ...empty, postFile: { mode: 'standalone' } }, noArgs)).toEqual({ kind: 'standalone' });
    expect(planPost({ ...empty, postFile: { mode: 'hall', terminalsPort: 8443, bind: '0.0.0.0' }, hasDatabase: true }, noArgs)).toEqual({
      kind: 'hall',
      terminalsPort: 8443,
      bind: '0.0.0.0',
    });
    expect(planPost({ ...empty, postFile: { mode: 'counter' }, hasIdentity: true }, noArgs)).toEqual({ kind: 'counter' });
    // The role written wins over what else lies in the folder.
    expect(planPost({ postFile: { mode: 'standalone' }, hasDatabase: false, hasIdentity: true }, noArgs)).toEqual({ kind: 'standalone' });
  });

  it('refuses to start rather than guess', () => {
    expect(planPost({ ...empty, postFile: 'invalid', hasDatabase: true }, noArgs)).toEqual({ kind: 'refuse', reason: 'file-invalid' });
    expect(planPost({ ...empty, postFile: { mode: 'counter' } }, noArgs)).toEqual({ kind: 'refuse', reason: 'not-enrolled' });
  });

  it('lets the command line choose for this start', () => {
    expect(planPost(empty, { ...noArgs, post: 'standalone' })).toEqual({ kind: 'standalone' });
    expect(planPost(empty, { ...noArgs, post: 'hall' })).toEqual({ kind: 'hall', terminalsPort: 7443, bind: '0.0.0.0' });
    expect(planPost(empty, { post: 'hall', terminalsPort: 9443, bind: '127.0.0.1' })).toEqual({ kind: 'hall', terminalsPort: 9443, bind: '127.0.0.1' });
    expect(planPost({ ...empty, hasIdentity: true }, { ...noArgs, post: 'counter' })).toEqual({ kind: 'counter' });
    expect(planPost(empty, { ...noArgs, post: 'counter' })).toEqual({ kind: 'refuse', reason: 'not-enrolled' });
    // --post hall keeps post.json's port and address unless told others; an unreadable post.json is not read.
    const hallFile: PostDisk = { ...empty, postFile: { mode: 'hall', terminalsPort: 8443, bind: '10.0.0.2' } };
    expect(planPost(hallFile, { ...noArgs, post: 'hall' })).toEqual({ kind: 'hall', terminalsPort: 8443, bind: '10.0.0.2' });
    expect(planPost(hallFile, { ...noArgs, terminalsPort: 9000 })).toEqual({ kind: 'hall', terminalsPort: 9000, bind: '10.0.0.2' });
    expect(planPost({ ...empty, postFile: 'invalid' }, { ...noArgs, post: 'standalone' })).toEqual({ kind: 'standalone' });
  });
});

describe('post.json', () => {
  it('reads back what it writes', () => {
    for (const file of [{ mode: 'standalone' }, { mode: 'counter' }, { mode: 'hall', terminalsPort: 7443, bind: '0.0.0.0' }] as const) {
      expect(parsePostFile(postFileText(file))).toEqual(file);
    }
  });

  it.each([
    ['', 'not JSON'],
    ['null', 'null'],
    ['[]', 'an array'],
    ['{"mode":"server"}', 'an unknown role'],
    ['{"mode":"standalone","x":1}', 'an unknown field'],
    ['{"mode":"hall"}', 'a hall without its port'],
    ['{"mode":"hall","terminalsPort":0,"bind":"0.0.0.0"}', 'port 0'],
    ['{"mode":"hall","terminalsPort":"7443","bind":"0.0.0.0"}', 'a port as text'],
    ['{"mode":"hall","terminalsPort":7443,"bind":"a b"}', 'an address with a space'],
  ])('refuses %s (%s)', (text) => {
    expect(parsePostFile(text)).toBeNull();
  });

  it('names the roles of --post', () => {
    expect(postModeOf('hall')).toBe('hall');
    expect(postModeOf('Hall')).toBeNull();
  });
});
