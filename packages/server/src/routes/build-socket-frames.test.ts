// An oversize build socket message closes 1009 as docs/server.md says, also when it comes in
// fragments: ws sends its close frame with the code, and the socket is not cut before that frame
// has left (cutting it at once showed the client 1006).
import type { AddressInfo } from 'node:net';
import { BUILD_CLOSE, buildSocketProtocols } from '@stacksmith/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createTestApp, signUp, type TestApp } from '../test-support/harness.js';

describe('oversize build socket messages', { timeout: 120_000 }, () => {
  let t: TestApp;
  const MAX = 8 * 1024 * 1024;
  beforeAll(async () => {
    t = await createTestApp('sqlite', { buildWorkers: 1, buildMessageMaxBytes: MAX }, false);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => t.close());

  it('close 1009 every time, whole or in fragments', async () => {
    const user = await signUp(t.app);
    const url = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/build`;
    const codes: number[] = [];
    for (let i = 0; i < 8; i++) {
      codes.push(await new Promise<number>((resolve) => {
        const ws = new WebSocket(url, buildSocketProtocols(user.token));
        ws.on('open', () => {
          const size = MAX + 1024 * 1024 + i * 100_000;
          if (i % 4 === 0) ws.send(Buffer.alloc(size, 'x'));
          else for (let k = 0; k < 4; k++) ws.send(Buffer.alloc(Math.ceil(size / 4), 'x'), { fin: k === 3 });
        });
        ws.on('error', () => undefined);
        ws.on('close', (code) => resolve(code));
      }));
    }
    expect(codes).toEqual(Array.from({ length: 8 }, () => BUILD_CLOSE.tooLarge));
  });
});
