import { describe, expect, it } from 'vitest';
import { takeFrames } from './transport.js';

describe("the hall's event stream read frame by frame", () => {
  it('takes the data of each whole frame and keeps a partial one for the next chunk', () => {
    expect(takeFrames('data: {"a":1}\n\ndata: {"b"')).toEqual({ data: ['{"a":1}'], rest: 'data: {"b"' });
    expect(takeFrames('data: {"b"' + ':2}\n\n')).toEqual({ data: ['{"b":2}'], rest: '' });
  });

  it('joins the data lines of one frame, with or without the space, and skips keep-alives', () => {
    expect(takeFrames(': ping\n\ndata:x\ndata: y\n\nevent: z\n\n')).toEqual({ data: ['x\ny'], rest: '' });
  });
});
