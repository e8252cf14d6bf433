/**
 * The header fields of one connection only, which a proxy or relay never passes on
 * (RFC 9110, section 7.6.1: Connection and the fields it names; Proxy-Connection, Keep-Alive,
 * TE, Transfer-Encoding and Upgrade; and RFC 2616's Trailer and Proxy-Authenticate/-Authorization).
 * The mock's proxy and the gate's relay each add the ones they set themselves.
 */
export const HOP_BY_HOP_HEADERS: readonly string[] = [
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
];
