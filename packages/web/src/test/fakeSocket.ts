// A stand-in for the browser's WebSocket in unit tests (stub it with
// vi.stubGlobal('WebSocket', FakeSocket)): records how it was opened and what the client sent,
// and lets the test play the server's messages and closes.
export class FakeSocket {
  static last: FakeSocket;
  sent: string[] = [];
  closed = false;
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: string }) => void) | null = null;
  onerror: (() => void) | null = null;
  onclose: ((event: { code: number }) => void) | null = null;

  constructor(readonly url: string, readonly protocols?: string | string[]) {
    FakeSocket.last = this;
  }

  send(text: string): void {
    this.sent.push(text);
  }

  /** The client closes; as a real socket, the close event follows. */
  close(): void {
    this.closed = true;
    this.onclose?.({ code: 1005 });
  }

  /** The server sends a JSON message. */
  serve(payload: unknown): void {
    this.onmessage?.({ data: JSON.stringify(payload) });
  }

  /** The server (or the network) closes the connection with this code. */
  serverClose(code = 1000): void {
    this.onclose?.({ code });
  }
}
