import { isApiRequestError } from './api-error';
import { api, unwrap, type ApiClient } from './client';
import { toEntity } from './json-api';
import type { PostcodeAddress } from './types';

export type PostcodeLookup =
  | { kind: 'listed'; postcode: string; addresses: PostcodeAddress[] }
  /** Product rule R3.13: the district is known, its addresses are not: the customer types them. */
  | { kind: 'district'; postcode: string }
  /** Product rule R3.7: the server's message naming the postcode, or why the lookup failed. */
  | { kind: 'unknown'; message: string };

/** GET postcodes/{postcode}/addresses, as the takeaway's address search reads it. */
export async function lookupPostcode(
  postcode: string,
  client: ApiClient = api,
): Promise<PostcodeLookup> {
  const typed = postcode.trim();
  try {
    const body = await unwrap(
      client.GET('/postcodes/{postcode}/addresses', { params: { path: { postcode: typed } } }),
    );
    const addresses = body.data.map((resource) => toEntity(resource) as PostcodeAddress);
    const found = addresses[0]?.zip ?? typed.toUpperCase();
    return addresses.length > 0
      ? { kind: 'listed', postcode: found, addresses }
      : { kind: 'district', postcode: found };
  } catch (error) {
    return {
      kind: 'unknown',
      message:
        isApiRequestError(error) && error.serverMessage && error.status < 500
          ? error.serverMessage
          : `We couldn't look up ${typed} just now. Try again.`,
    };
  }
}
