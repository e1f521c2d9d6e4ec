/**
 * The token of an `Authorization: Bearer <token>` header (RFC 6750: the scheme in any case, one
 * token without spaces); undefined when the header is absent or says anything else.
 */
export function bearerToken(authorization: string | null | undefined): string | undefined {
  return authorization?.match(/^Bearer\s+(\S+)$/i)?.[1];
}
