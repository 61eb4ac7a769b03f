import { TestScheduler } from 'rxjs/testing';
import { describe, expect, it } from 'vitest';
import { eventData } from './event-stream.ts';

const scheduler = () => new TestScheduler((actual, expected) => expect(actual).toEqual(expected));

describe('eventData', () => {
  it("emits each event's data once its blank line arrives, whatever the chunks", () => {
    scheduler().run(({ cold, expectObservable }) => {
      const chunks = { a: 'data: {"w":1}\n', b: '\n: keep\n\nda', c: 'ta: x\r', d: '\ndata: y\r\n\r\n' };
      expectObservable(cold('a-b-c-d|', chunks).pipe(eventData())).toBe('--a---b|', { a: '{"w":1}', b: 'x\ny' });
    });
  });

  it('skips comments and fields it does not use, and an event with no data', () => {
    scheduler().run(({ cold, expectObservable }) => {
      expectObservable(cold('a|', { a: 'id: 5\nevent: x\n\n: ping\n\ndata:z\n\n' }).pipe(eventData())).toBe('a|', { a: 'z' });
    });
  });

  it('passes an error on, and drops an unfinished event', () => {
    scheduler().run(({ cold, expectObservable }) => {
      expectObservable(cold('a#', { a: 'data: half\n' }).pipe(eventData())).toBe('-#');
    });
  });
});
