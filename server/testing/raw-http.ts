// An HTTP/1.1 connection at the byte level, for the graceful-stop tests: a request can be held in flight (headers
// sent with `Expect: 100-continue`, the body later), another pipelined behind it, and the way the server ends the
// connection (a clean close, or a reset) is seen as it is.
import { connect, type Socket } from 'node:net';

export interface RawAnswer {
  readonly status: number;
  /** Header names in lower case. */
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string;
}

export class RawConnection {
  private buffer = Buffer.alloc(0);
  private readonly answers: RawAnswer[] = [];
  private readonly waiting: { ok: (a: RawAnswer) => void; fail: (e: Error) => void }[] = [];
  private over: Error | null = null;
  /** How the server ended the connection: 'end' (it closed cleanly) or 'reset' (an error on the socket). */
  readonly ended: Promise<'end' | 'reset'>;

  private constructor(private readonly socket: Socket) {
    this.ended = new Promise((settle) => {
      socket.on('data', (chunk: Buffer) => {
        this.buffer = Buffer.concat([this.buffer, chunk]);
        this.parse();
      });
      socket.on('end', () => {
        this.finish(new Error('the server closed the connection'));
        settle('end');
      });
      socket.on('error', (e) => {
        this.finish(e);
        settle('reset');
      });
    });
  }

  /** Connects to `base` (http://host:port). */
  static open(base: string): Promise<RawConnection> {
    const { hostname, port } = new URL(base);
    return new Promise((ok, fail) => {
      const socket = connect(Number(port), hostname, () => ok(new RawConnection(socket)));
      socket.once('error', fail);
    });
  }

  write(text: string): void {
    this.socket.write(text);
  }

  /** The next answer in order (a `100 Continue` is one, with no body). */
  next(): Promise<RawAnswer> {
    const ready = this.answers.shift();
    if (ready) return Promise.resolve(ready);
    if (this.over) return Promise.reject(this.over);
    return new Promise((ok, fail) => this.waiting.push({ ok, fail }));
  }

  destroy(): void {
    this.socket.destroy();
  }

  private finish(e: Error): void {
    this.over = e;
    for (const w of this.waiting.splice(0)) w.fail(e);
  }

  private parse(): void {
    for (;;) {
      const end = this.buffer.indexOf('\r\n\r\n');
      if (end < 0) return;
      const [statusLine = '', ...lines] = this.buffer.subarray(0, end).toString('latin1').split('\r\n');
      const status = Number(statusLine.split(' ')[1]);
      const headers: Record<string, string> = {};
      for (const line of lines) {
        const colon = line.indexOf(':');
        headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
      }
      const rest = this.buffer.subarray(end + 4);
      const body = status === 100 || status === 204 || status === 304 ? { text: '', used: 0 } : bodyOf(rest, headers);
      if (!body) return;
      this.buffer = rest.subarray(body.used);
      const answer = { status, headers, body: body.text };
      const w = this.waiting.shift();
      if (w) w.ok(answer);
      else this.answers.push(answer);
    }
  }
}

/** The body at the start of `rest` by Content-Length or chunked, or null while it has not all arrived. */
function bodyOf(rest: Buffer, headers: Record<string, string>): { text: string; used: number } | null {
  const length = headers['content-length'];
  if (length !== undefined) {
    const n = Number(length);
    return rest.length < n ? null : { text: rest.subarray(0, n).toString('utf8'), used: n };
  }
  if (headers['transfer-encoding'] !== 'chunked') throw new Error('an answer with neither Content-Length nor chunked encoding');
  const parts: Buffer[] = [];
  let at = 0;
  for (;;) {
    const lineEnd = rest.indexOf('\r\n', at);
    if (lineEnd < 0) return null;
    const size = parseInt(rest.subarray(at, lineEnd).toString('latin1'), 16);
    if (rest.length < lineEnd + 2 + size + 2) return null;
    if (size === 0) return { text: Buffer.concat(parts).toString('utf8'), used: lineEnd + 4 };
    parts.push(rest.subarray(lineEnd + 2, lineEnd + 2 + size));
    at = lineEnd + 2 + size + 2;
  }
}

/** A POST's head whose body (`length` bytes) comes later: the server answers `100 Continue` once it holds it. */
export function heldPost(path: string, length: number, headers: Record<string, string> = {}): string {
  const extra = Object.entries(headers).map(([k, v]) => `${k}: ${v}\r\n`).join('');
  return `POST ${path} HTTP/1.1\r\nHost: candlewick\r\nContent-Type: application/json\r\nContent-Length: ${length}\r\nExpect: 100-continue\r\n${extra}\r\n`;
}

export const get = (path: string) => `GET ${path} HTTP/1.1\r\nHost: candlewick\r\n\r\n`;
