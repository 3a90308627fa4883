// The build socket's handshake (docs/api.md "The build stream"): the client offers the
// protocol and, when logged in, its token as a second subprotocol, so the server knows who
// connects before it reads a byte of the request.
export const BUILD_SOCKET_PROTOCOL = 'stacksmith.build';
export const BUILD_SOCKET_TOKEN_PREFIX = 'bearer.';

/** The subprotocols a client offers: the protocol, then `bearer.{token}` when it has one. */
export function buildSocketProtocols(token: string | null | undefined): string[] {
  return token ? [BUILD_SOCKET_PROTOCOL, `${BUILD_SOCKET_TOKEN_PREFIX}${token}`] : [BUILD_SOCKET_PROTOCOL];
}

/** The token offered in a Sec-WebSocket-Protocol header, or null. */
export function tokenFromProtocols(header: string | undefined): string | null {
  for (const protocol of (header ?? '').split(',')) {
    const value = protocol.trim();
    if (value.startsWith(BUILD_SOCKET_TOKEN_PREFIX) && value.length > BUILD_SOCKET_TOKEN_PREFIX.length) {
      return value.slice(BUILD_SOCKET_TOKEN_PREFIX.length);
    }
  }
  return null;
}

/** WebSocket close codes the build socket uses. */
export const BUILD_CLOSE = { done: 1000, refused: 1008, tooLarge: 1009, failed: 1011 } as const;
