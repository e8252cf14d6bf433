/**
 * A TLS failure in words: which certificate this machine does not trust, and how to trust it
 * (NODE_EXTRA_CA_CERTS, or the commands' --ca FILE).
 */

// OpenSSL's verification codes that mean "the chain ends in a certificate not trusted here".
const UNTRUSTED = new Set([
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'CERT_UNTRUSTED',
]);
const OTHER = new Set([
  'CERT_HAS_EXPIRED',
  'CERT_NOT_YET_VALID',
  'ERR_TLS_CERT_ALTNAME_INVALID',
  'CERT_REVOKED',
]);

/** The code of an error (`DEPTH_ZERO_SELF_SIGNED_CERT`, `ECONNREFUSED`…), or ''. */
export const errorCode = (error: unknown): string =>
  String((error as { code?: unknown } | undefined)?.code ?? '');

/** Whether an error is the server's certificate refused by this machine. */
export const isCertificateError = (error: unknown): boolean =>
  UNTRUSTED.has(errorCode(error)) || OTHER.has(errorCode(error));

/**
 * Why the certificate of `origin` was refused, and what to do; undefined for any other error.
 */
export function certificateText(origin: string, error: unknown): string | undefined {
  const code = errorCode(error);
  if (UNTRUSTED.has(code))
    return `the server at ${origin} presents a certificate this machine does not trust (${code}). If it is yours (a staging server's own CA or a self-signed certificate), trust it: run again with --ca FILE, or NODE_EXTRA_CA_CERTS=FILE, FILE being the CA certificate in PEM`;
  if (OTHER.has(code))
    return `the server at ${origin} presents a certificate that is not valid for it (${code}: ${(error as Error).message}); check the base URL's host name, and the certificate's dates`;
  return undefined;
}
