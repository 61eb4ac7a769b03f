import { Observable, type OperatorFunction } from 'rxjs';

/**
 * Text chunks of a `text/event-stream` body, as they arrive, become the `data` of each complete event (its
 * `data:` lines joined by newlines). Comments and other fields are skipped; a chunk may end anywhere, even
 * inside a line or between the CR and LF of a line break.
 */
export function eventData(): OperatorFunction<string, string> {
  return (source) =>
    new Observable<string>((subscriber) => {
      let buffer = '';
      let data: string[] = [];
      const line = (text: string): void => {
        if (text === '') {
          if (data.length > 0) subscriber.next(data.join('\n'));
          data = [];
          return;
        }
        if (text.startsWith('data:')) data.push(text.slice(text.startsWith('data: ') ? 6 : 5));
      };
      return source.subscribe({
        next(chunk) {
          buffer += chunk;
          let end: number;
          while ((end = buffer.search(/\r\n|\r|\n/)) >= 0) {
            // A CR at the very end may be the first half of a CRLF: wait for the next chunk.
            if (buffer[end] === '\r' && end === buffer.length - 1) break;
            const breakLength = buffer.startsWith('\r\n', end) ? 2 : 1;
            line(buffer.slice(0, end));
            buffer = buffer.slice(end + breakLength);
          }
        },
        error: (error: unknown) => subscriber.error(error),
        complete: () => subscriber.complete(),
      });
    });
}
